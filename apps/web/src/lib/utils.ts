import { clsx, type ClassValue } from 'clsx';
import { twMerge } from './class-merging';

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/** DESIGN §7: a redirect target must be a same-origin path (exactly one leading '/'). */
export function isSafePath(value: string | null | undefined): value is string {
  return !!value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}
