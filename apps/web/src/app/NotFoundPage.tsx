import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { PATHS } from '../base/paths';

export default function NotFoundPage() {
  return (
    <Result
      status="404"
      title="Page introuvable"
      subTitle="Cette page n'existe pas ou a été déplacée."
      extra={
        <Link to={PATHS.accueil}>
          <Button type="primary">Retour à l'accueil</Button>
        </Link>
      }
    />
  );
}
