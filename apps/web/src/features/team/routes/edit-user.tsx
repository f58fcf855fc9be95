import { invitationSchema, type Invitation } from '@app/shared/invitations';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { ApiRequestError } from '@/lib/api-client';
import { useUpdateInvitation } from '../api/update-invitation';
import { InvitationForm } from '../components/invitation-form';
import { OwnersOnly } from '../components/owners-only';
import { teamErrorMessage } from '../utils/messages';

function EditUser({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateInvitation();

  return (
    <section className="mx-auto grid w-full max-w-2xl gap-4">
      <h1 className="text-xl font-semibold">{t('team.form.editTitle')}</h1>
      <InvitationForm
        mode="edit"
        defaultValues={{
          email: invitation.email,
          firstName: invitation.firstName,
          lastName: invitation.lastName,
          connectionMethod: invitation.connectionMethod,
          metadata: { hasAiConfig: invitation.metadata.hasAiConfig },
        }}
        pending={update.isPending}
        serverError={update.error ? teamErrorMessage(update.error) : null}
        serverIssues={update.error instanceof ApiRequestError ? update.error.issues : undefined}
        onCancel={() => navigate('/users')}
        onSubmit={({ firstName, lastName, connectionMethod, metadata }) =>
          update.mutate(
            { id: invitation._id, firstName, lastName, connectionMethod, metadata },
            {
              onSuccess: () => {
                toast.success(t('team.form.updated'));
                void navigate('/users');
              },
            },
          )
        }
      />
    </section>
  );
}

/** /users/edit: the invitation comes in the navigation state; without it (a typed URL), back to the list. */
export function EditUserRoute() {
  const location = useLocation();
  const parsed = invitationSchema.safeParse((location.state as { invitation?: unknown } | null)?.invitation);
  return (
    <OwnersOnly>{() => (parsed.success ? <EditUser invitation={parsed.data} /> : <Navigate to="/users" replace />)}</OwnersOnly>
  );
}
