import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';

interface Props {
  /** The API's sentence (« Cette fiche a été modifiée par … le … à … : rechargez-la… »); null: closed. */
  message: string | null;
  /** Loads the row as it is now into the form (what was typed is dropped). */
  onReload: () => Promise<void>;
  /** Back to the form with what was typed, now based on the row as it is (saving replaces the change). */
  onKeep: () => Promise<void>;
}

/**
 * Shown over an edit form when its save was refused because someone changed the row since it was opened
 * (409 of `POST {path}/{id}/update` with `If-Match`): the form behind keeps what was typed.
 */
export function VersionConflict({ message, onReload, onKeep }: Props) {
  const [busy, setBusy] = useState<'reload' | 'keep' | null>(null);
  const run = (which: 'reload' | 'keep', action: () => Promise<void>) => async () => {
    setBusy(which);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  };
  return (
    <Modal
      open={message !== null}
      title="Fiche modifiée entre-temps"
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={[
        <Button key="keep" loading={busy === 'keep'} onClick={run('keep', onKeep)}>
          Garder ma saisie
        </Button>,
        <Button key="reload" type="primary" loading={busy === 'reload'} onClick={run('reload', onReload)}>
          Recharger la fiche
        </Button>,
      ]}
    >
      <Typography.Paragraph strong>{message}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        « Recharger la fiche » affiche la fiche à jour (votre saisie est abandonnée). « Garder ma saisie »
        revient au formulaire tel que vous l'avez rempli : en l'enregistrant, vous remplacerez ces
        modifications.
      </Typography.Paragraph>
    </Modal>
  );
}
