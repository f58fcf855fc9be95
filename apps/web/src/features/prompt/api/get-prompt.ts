import { promptSchema, type Prompt } from '@app/shared/prompts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { promptKeys } from './keys';

/** GET /api/user-prompts: the signed-in user's prompt, or null when they have none yet. */
export async function getPrompt(): Promise<Prompt | null> {
  const list = await apiRequest('/api/user-prompts', { schema: z.array(promptSchema) });
  return list[0] ?? null;
}

export const promptQueryOptions = queryOptions({ queryKey: promptKeys.prompt, queryFn: getPrompt });

export function usePrompt() {
  return useQuery(promptQueryOptions);
}
