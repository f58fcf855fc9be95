export const billingKeys = {
  all: ['billing'] as const,
  checkoutStatus: (sessionId: string) => ['billing', 'checkout', sessionId] as const,
  invoices: (userId: string) => ['billing', 'invoices', userId] as const,
  portal: (userId: string) => ['billing', 'portal', userId] as const,
  subscription: (userId: string) => ['billing', 'subscription', userId] as const,
};
