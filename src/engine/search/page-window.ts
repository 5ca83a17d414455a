// One page of a result list: skip `offset` entries, then keep at most `limit` (0: all), saying
// whether the limit left some out.
export function pageWindow<T>(items: T[], limit: number, offset: number): { shown: T[]; cut: boolean } {
  const rest = items.slice(offset);
  const cut = limit > 0 && rest.length > limit;
  return { shown: cut ? rest.slice(0, limit) : rest, cut };
}
