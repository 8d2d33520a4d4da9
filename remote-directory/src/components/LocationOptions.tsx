import type { Location } from '@bawaba/shared/contracts';

/** The choices of a location dropdown: an empty first choice (`emptyLabel`), then every location by name. */
export function LocationOptions({
  locations,
  emptyLabel,
}: {
  locations: Location[] | undefined;
  emptyLabel: string;
}) {
  return (
    <>
      <option value="">{emptyLabel}</option>
      {(locations ?? []).map((l) => (
        <option key={l.id} value={String(l.id)}>
          {l.name}
        </option>
      ))}
    </>
  );
}
