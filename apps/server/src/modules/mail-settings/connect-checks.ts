import { RESPONSE_TYPES, type SmtpSettings } from '@app/shared/mail-settings';
import { planAllowsMailOptions, planOf } from '@app/shared/plans';
import type { Db } from '../../db/client';
import { AppError, conflict } from '../../errors';
import { isPrivateHost } from '../../mail/host-guard';
import { accountPlan } from '../subscriptions/subscriptions.service';
import type { ActorRef } from '../../access/actor';

/** Spec 02 §6: the Starter plan offers AI response management or AI classification, not both. */
export async function assertPlanAllows(
  deps: { db: Db; billingEnabled: boolean },
  caller: ActorRef,
  responseType: number,
  classification: boolean,
) {
  const responses = responseType !== RESPONSE_TYPES.disable;
  if (!responses || !classification) return;
  const { plan } = await accountPlan(deps.db, caller, deps.billingEnabled);
  if (!planAllowsMailOptions(planOf(plan), { responses, classification })) {
    throw conflict('STARTER_PLAN_LIMIT', 'Limits exceeded: the Starter plan offers AI classification or AI responses, not both');
  }
}

/**
 * A side with security "none" sends the password unencrypted: it is refused unless this server
 * allows private mail hosts (MAIL_ALLOW_PRIVATE_HOSTS) and the host is on a private network. Said
 * before anything is tried, with which side and why (400 PLAIN_CONNECTION_REFUSED). A name that does
 * not resolve is left to the connection test, which reports it unreachable.
 */
export async function assertPlainConnectionsAllowed(allowPrivateHosts: boolean, settings: SmtpSettings) {
  const sides = [
    { stage: 'smtp', host: settings.host, security: settings.smtpSecurity },
    { stage: 'imap', host: settings.imapHost, security: settings.imapSecurity },
  ] as const;
  for (const { stage, host, security } of sides) {
    if (security !== 'none') continue;
    if (!allowPrivateHosts) {
      throw new AppError(
        400,
        'PLAIN_CONNECTION_REFUSED',
        'This server connects to mail servers with TLS or STARTTLS only: choose one of them',
        { stage, reason: 'not_allowed' },
      );
    }
    if ((await isPrivateHost(host)) === false) {
      throw new AppError(
        400,
        'PLAIN_CONNECTION_REFUSED',
        `A connection without encryption is only allowed to a mail server on a private network, and ${host} is public: choose TLS or STARTTLS`,
        { stage, reason: 'public_host' },
      );
    }
  }
}
