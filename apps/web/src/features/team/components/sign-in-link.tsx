import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** DESIGN §10: the invitation screens link to /signin (the spec's "/login" is not a route). */
export function SignInLink() {
  const { t } = useTranslation();
  return (
    <Link to="/signin" className="text-sm font-medium text-accent hover:underline">
      {t('team.verify.signIn')}
    </Link>
  );
}
