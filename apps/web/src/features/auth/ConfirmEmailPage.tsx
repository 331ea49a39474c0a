import { MSG } from '@yams/shared';
import { Result, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PATHS } from '../../base/paths';
import { getSession } from '../../base/session';
import { useConfirmEmail } from './api';

/**
 * The page of the link mailed to a new address: /confirmer-email?token=…; opening it makes the
 * address the account's, once; the page says so, or why not.
 */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmEmail();
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  const next = getSession() ? (
    <Link to={PATHS.accueil}>Retour à l’application</Link>
  ) : (
    <Link to={PATHS.login}>Aller à la connexion</Link>
  );

  if (!token || confirm.isError) {
    return (
      <Result
        status="warning"
        title={confirm.error?.message ?? MSG.emailChangeInvalid}
        subTitle="Depuis « Mon compte », saisissez de nouveau l’adresse pour recevoir un autre lien."
        extra={next}
        style={{ padding: 0 }}
      />
    );
  }
  if (confirm.isSuccess) {
    return (
      <Result
        status="success"
        title="Adresse email confirmée"
        subTitle={confirm.data ?? MSG.emailChanged}
        extra={next}
        style={{ padding: 0 }}
      />
    );
  }
  return (
    <div role="status" style={{ textAlign: 'center', padding: 24 }}>
      <Spin /> <div style={{ marginTop: 12 }}>Confirmation de votre nouvelle adresse…</div>
    </div>
  );
}
