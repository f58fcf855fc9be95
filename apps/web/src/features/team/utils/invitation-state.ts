import type { VerifyInvitationResponse } from '@app/shared/invitations';
import type { TFunction } from 'i18next';

type Verified = Extract<VerifyInvitationResponse, { success: true }>;

/** What the set-password screen receives in the navigation state from the verify screen. */
export type InvitationState = { invitation: Omit<Verified, 'success' | 'error'>; token: string };

export function invitationStateOf(data: Verified, token: string): InvitationState {
  const { _id, email, firstName, lastName, connectionMethod } = data;
  return { invitation: { _id, email, firstName, lastName, connectionMethod }, token };
}

/** The text of a refused token, in the user's language (the server's English text as a fallback). */
export function refusalText(t: TFunction, data: VerifyInvitationResponse) {
  return data.success ? '' : t(`team.verify.reasons.${data.error}`, { defaultValue: data.message });
}
