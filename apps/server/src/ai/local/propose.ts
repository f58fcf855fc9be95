import type { EngineMessage, ProposedCategory } from '../engine';

export async function proposeCategories(_sample: EngineMessage[], _count: number, _language: 'en' | 'fr'): Promise<ProposedCategory[]> {
  return [];
}
