/**
 * A react-hook-form error node of a list field, as the zod resolver nests it: the list's own error
 * sits on the node (or on `.root` when items fail too), item errors on their index.
 */
type ErrorNode = { message?: string; root?: { message?: string } } & Record<number, { message?: string } | undefined>;

export function listErrors(
  node: unknown,
  values: readonly unknown[],
): { root: string | undefined; items: (string | undefined)[] } {
  const errors = (node ?? {}) as ErrorNode;
  return {
    root: errors.root?.message ?? errors.message,
    items: values.map((_, index) => errors[index]?.message),
  };
}
