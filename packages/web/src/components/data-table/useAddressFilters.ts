import { useSearchParams } from 'react-router-dom';

/**
 * A list's filters held in the address query (blank when absent), and a change of one of them, which goes back to
 * the first page.
 */
export function useAddressFilters<const Key extends string>(keys: readonly Key[]) {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<Key, string>;
  const setFilter = (key: Key, value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === '') next.delete(key);
      else next.set(key, value);
      next.delete('page');
      return next;
    });
  return { filters, setFilter, filtered: keys.some((key) => filters[key] !== '') };
}
