import { MessageBody } from '@yams/shared';
import { Button, Empty, Form, Input, List, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useSession } from '../../base/session';
import { DateText } from '../../components/DateText';
import { useSingleSubmit } from '../../components/form/useSingleSubmit';
import { zodRule } from '../../components/form/zodRule';
import { useLatestMessages, useMarkRead, useRecipients, useSendMessage } from './api';

/** The inbox between the users of one company: received messages (newest first) and a new message form. */
export function MessagesPanel({ enabled }: { enabled: boolean }) {
  const [writing, setWriting] = useState(false);
  const [expanded, setExpanded] = useState<number | null>(null);
  const latest = useLatestMessages(enabled && !writing);
  const markRead = useMarkRead('messages');
  const rows = latest.data?.data ?? [];

  if (writing) return <NewMessage onDone={() => setWriting(false)} />;
  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 4 }}>
        <Button size="small" type="primary" onClick={() => setWriting(true)}>
          Nouveau message
        </Button>
        <Button
          size="small"
          type="link"
          disabled={!rows.some((m) => !m.read_at)}
          onClick={() => markRead.mutate(undefined)}
        >
          Tout marquer comme lu
        </Button>
      </div>
      {latest.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Aucun message" />
      ) : (
        <List
          aria-label="Messages"
          style={{ maxHeight: 380, overflowY: 'auto' }}
          dataSource={rows}
          renderItem={(m) => (
            <List.Item
              style={{ cursor: 'pointer', paddingInline: 4, display: 'block' }}
              onClick={() => {
                setExpanded(expanded === m.id ? null : m.id);
                if (!m.read_at) markRead.mutate(m.id);
              }}
            >
              <Typography.Text strong={!m.read_at}>{m.sender_nom ?? 'Utilisateur supprimé'}</Typography.Text>{' '}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                <DateText value={m.created_at} withTime />
              </Typography.Text>
              <Typography.Paragraph
                style={{ margin: 0, whiteSpace: 'pre-wrap' }}
                ellipsis={expanded === m.id ? false : { rows: 2 }}
              >
                {m.contenu}
              </Typography.Paragraph>
            </List.Item>
          )}
        />
      )}
    </>
  );
}

function NewMessage({ onDone }: { onDone: () => void }) {
  const me = useSession()?.user;
  const recipients = useRecipients(true, me?.id);
  const send = useSendMessage();
  const [form] = Form.useForm<{ recipient_id: number; contenu: string }>();
  // One message per click, even a double one (useSingleSubmit).
  const { submit, saving } = useSingleSubmit((values: { recipient_id: number; contenu: string }) =>
    send.mutateAsync(values).then(onDone, () => undefined),
  );
  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
      <Form.Item name="recipient_id" label="Destinataire" rules={[zodRule(MessageBody, 'recipient_id')]}>
        <Select
          showSearch
          optionFilterProp="label"
          loading={recipients.isPending}
          placeholder="Choisir un utilisateur"
          options={(recipients.data ?? []).map((u) => ({ value: u.id, label: u.nom_complet || u.name }))}
        />
      </Form.Item>
      <Form.Item name="contenu" label="Message" rules={[zodRule(MessageBody, 'contenu')]}>
        <Input.TextArea rows={4} maxLength={5000} />
      </Form.Item>
      <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
        <Button onClick={onDone}>Annuler</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          Envoyer
        </Button>
      </div>
    </Form>
  );
}
