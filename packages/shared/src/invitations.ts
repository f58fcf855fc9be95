import { z } from 'zod';
import { firstPasswordProblem } from './password';
import { planOf } from './plans';

/** Team invitations (spec 02 §3, §5, §6, §7; DESIGN §4, §10). Messages are i18n keys. */

export const CONNECTION_METHODS = ['email/password', 'microsoft', 'google'] as const;
export type ConnectionMethod = (typeof CONNECTION_METHODS)[number];

export const INVITATION_STATUSES = ['PENDING', 'SENT', 'ACCEPTED', 'REJECTED', 'FAILED', 'EXPIRED', 'DELETED'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const INVITATIONS_PAGE_SIZE = 10;
export const INVITATION_TOKEN_TTL_DAYS = 7;
/** Rows per bulk request; the browser uploads bigger files in batches of this size. */
export const BULK_BATCH_SIZE = 500;

/** Everyone on the account counts, the owner included (DESIGN §10); null means unlimited. */
export function teamSizeLimit(plan: string): number | null {
  return planOf(plan).members;
}

const email = z
  .string({ error: 'invitations.validation.invalidEmail' })
  .trim()
  .toLowerCase()
  .pipe(z.email('invitations.validation.invalidEmail').max(320, 'invitations.validation.invalidEmail'));
const name = z.string().trim().max(100, 'invitations.validation.nameTooLong').default('');
const connectionMethod = z.enum(CONNECTION_METHODS, 'invitations.validation.connectionMethodRequired');
const metadata = z.object({ hasAiConfig: z.boolean().default(true) }).default({ hasAiConfig: true });

/** POST /api/invitations (the add-user form). `referrerId`, `status` and `createdAt` are the server's to set. */
export const invitationInputSchema = z.object({
  email,
  firstName: name,
  lastName: name,
  connectionMethod,
  metadata,
  referrerId: z.string().optional(),
  status: z.string().optional(),
  createdAt: z.string().optional(),
});
export type InvitationInput = z.input<typeof invitationInputSchema>;

/** PUT /api/invitations/{id}: the e-mail cannot change. */
export const invitationUpdateSchema = z.object({
  firstName: name,
  lastName: name,
  connectionMethod,
  metadata,
  referrerId: z.string().optional(),
});

export const bulkInvitationsSchema = z.object({
  referrerId: z.string().optional(),
  invitations: z
    .array(invitationInputSchema.pick({ email: true, firstName: true, lastName: true, connectionMethod: true, metadata: true }))
    .min(1, 'invitations.validation.noData')
    .max(BULK_BATCH_SIZE, 'invitations.validation.batchTooLarge'),
});

export const invitationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(INVITATIONS_PAGE_SIZE),
  referrerId: z.string().optional(),
  searchTerm: z.string().trim().max(200).default(''),
});

export const invitationDeleteSchema = z.object({
  referrerId: z.string().optional(),
  userId: z.string().optional(),
  /** The invitation's id (or, once accepted, the member's user id). */
  memberId: z.string().min(1).max(100),
});

export const invitationResendSchema = z.object({
  _id: z.string().min(1).max(100),
  email: z.string().optional(),
  firstName: z.string().optional(),
  referrerId: z.string().optional(),
});

export const invitationTokenSchema = z.object({ token: z.string().trim().min(1, 'invitations.token.missing').max(200) });

/** Accepting with e-mail and password: the token names the invitation; the browser names nobody. */
export const setPasswordSchema = z
  .object({
    token: z.string().trim().min(1).max(200),
    password: z.string().max(128),
    confirmPassword: z.string().max(128).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'invitations.password.bothRequired' });
    else if (v.confirmPassword !== undefined && v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'invitations.password.mismatch' });
    } else {
      const problem = firstPasswordProblem(v.password);
      if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
    }
  });

export const invitationSchema = z.object({
  _id: z.string(),
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  connectionMethod: z.enum(CONNECTION_METHODS),
  status: z.enum(INVITATION_STATUSES),
  createdAt: z.string(),
  referrerId: z.string(),
  /** The member's user id once the invitation is accepted. */
  userId: z.string().nullable(),
  uid: z.string().nullable(),
  metadata: z.object({ hasAiConfig: z.boolean() }),
  role: z.enum(['Administrator', 'User']),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListSchema = z.object({ invitations: z.array(invitationSchema), total: z.number().int() });

/** POST /api/invitations/verify: success with the invitation, or the reason it cannot be used. */
export const verifyInvitationResponseSchema = z.union([
  invitationSchema
    .pick({ _id: true, email: true, firstName: true, lastName: true, connectionMethod: true })
    .extend({ success: z.literal(true), error: z.null() }),
  z.object({ success: z.literal(false), error: z.enum(['invalid', 'expired', 'used']), message: z.string() }),
]);
export type VerifyInvitationResponse = z.infer<typeof verifyInvitationResponseSchema>;
