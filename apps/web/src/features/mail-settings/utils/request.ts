import { ApiRequestError } from '@/lib/api-client';

export const isStarterPlanLimit = (error: unknown) => error instanceof ApiRequestError && error.code === 'STARTER_PLAN_LIMIT';
