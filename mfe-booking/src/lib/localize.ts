/** One letter for the provider's avatar, skipping the Arabic article "ال". */
export function initial(name: string): string {
  const first = name.trim().replace(/^ال(?=.)/u, '');
  return (Array.from(first)[0] ?? '').toUpperCase();
}
