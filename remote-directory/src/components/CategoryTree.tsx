import { Badge, HStack, Span, Stack } from '@bawaba/shared';
import { Accordion, Checkbox } from '@bawaba/shared/chakra-extra';
import type { Category } from '@bawaba/shared/contracts';
import { LazyPart } from '@bawaba/shared/render';
import { useLingui } from '@lingui/react/macro';
import { lazy, memo, useCallback, useMemo, useRef } from 'react';
import { useCanFollow } from '../follows.ts';
import type { FollowToggleProps } from './FollowToggle.tsx';

// The bells are for signed-in non-admins only: fetched when the first one shows, never for a visitor.
const LazyFollowToggle = lazy(() => import('./FollowToggle.tsx').then((m) => ({ default: m.FollowToggle })));
function FollowToggle(props: FollowToggleProps) {
  return (
    <LazyPart>
      <LazyFollowToggle {...props} />
    </LazyPart>
  );
}

export interface CategoryTreeProps {
  categories: Category[];
  /** Selected service ids: only leaf services count (docs/product-spec.md §2). */
  selected: number[];
  onChange(selected: number[]): void;
  /** Bells to follow categories and services (the directory's filter; not a form that picks services). */
  followable?: boolean;
}

/** A checkbox for some services (one, or all of a category): memoised, so a tick re-renders only its box. */
const Box = memo(function Box({
  label,
  checked,
  ids,
  onToggle,
  testId,
}: {
  label: string;
  checked: boolean | 'indeterminate';
  ids: readonly number[];
  onToggle(ids: readonly number[], on: boolean): void;
  testId?: string;
}) {
  return (
    <Checkbox.Root
      size="sm"
      checked={checked}
      onCheckedChange={(e) => onToggle(ids, e.checked === true)}
      data-testid={testId}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control>
        <Checkbox.Indicator />
      </Checkbox.Control>
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
});

/**
 * The category tree: categories fold open; each has its services (the leaves) as checkboxes and an
 * 'All in …' box that selects or clears all of them. Only service ids are ever selected. Where `followable`,
 * signed-in non-admins also get a follow toggle (a bell) beside each category and each service; it does not
 * change the filter.
 */
export const CategoryTree = memo(function CategoryTree({
  categories,
  selected,
  onChange,
  followable = false,
}: CategoryTreeProps) {
  const canFollow = useCanFollow(followable);
  // The latest selection and callback, read when a box is ticked: the toggle stays the same function, so the
  // categories whose boxes did not change are not rendered again (a tick within one frame).
  const latest = useRef({ selected, onChange });
  latest.current = { selected, onChange };
  const toggle = useCallback((ids: readonly number[], on: boolean) => {
    const next = new Set(latest.current.selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    latest.current.onChange([...next]);
  }, []);
  const chosen = new Set(selected);
  return (
    // lazyMount: a category's boxes are built when it is first opened, not all ≈ 80 with the page (each is a
    // small state machine; main-thread time before /service is usable).
    <Accordion.Root multiple collapsible lazyMount size="sm" variant="plain" data-testid="category-tree">
      {categories.map((category) => (
        <CategoryItem
          key={category.id}
          category={category}
          // The category's selected services as a string: unchanged categories get equal props.
          chosenKey={category.services
            .filter((s) => chosen.has(s.id))
            .map((s) => s.id)
            .join(',')}
          canFollow={canFollow}
          onToggle={toggle}
        />
      ))}
    </Accordion.Root>
  );
});

const CategoryItem = memo(function CategoryItem({
  category,
  chosenKey,
  canFollow,
  onToggle,
}: {
  category: Category;
  chosenKey: string;
  canFollow: boolean;
  onToggle(ids: readonly number[], on: boolean): void;
}) {
  const { t } = useLingui();
  const ids = useMemo(() => category.services.map((s) => s.id), [category]);
  const leaves = useMemo(() => new Map(category.services.map((s) => [s.id, [s.id]])), [category]);
  const chosen = new Set(chosenKey ? chosenKey.split(',').map(Number) : []);
  const categoryName = category.name;
  const count = chosen.size;
  const all = count === ids.length && count > 0 ? true : count > 0 ? 'indeterminate' : false;
  return (
    <Accordion.Item value={String(category.id)}>
      {/* The toggle sits beside the trigger, not in it: a button cannot hold another button. */}
      <HStack gap="1">
        <Accordion.ItemTrigger flex="1" minW="0">
          <Span flex="1" textAlign="start">
            {category.name}
          </Span>
          {count > 0 && (
            <Badge colorPalette="brand" variant="solid" aria-label={t`${count} selected`}>
              {count}
            </Badge>
          )}
          <Accordion.ItemIndicator />
        </Accordion.ItemTrigger>
        {canFollow && (
          <FollowToggle compact target={{ kind: 'category', id: category.id, name: categoryName }} />
        )}
      </HStack>
      <Accordion.ItemContent>
        <Accordion.ItemBody>
          <Stack gap="2" ps="2">
            <HStack>
              <Box label={t`All in ${categoryName}`} checked={all} ids={ids} onToggle={onToggle} />
            </HStack>
            <Stack gap="2" ps="4">
              {category.services.map((service) => (
                <HStack key={service.id} gap="1" justify="space-between">
                  <Box
                    label={service.name}
                    checked={chosen.has(service.id)}
                    ids={leaves.get(service.id) ?? [service.id]}
                    onToggle={onToggle}
                  />
                  {canFollow && (
                    <FollowToggle compact target={{ kind: 'service', id: service.id, name: service.name }} />
                  )}
                </HStack>
              ))}
            </Stack>
          </Stack>
        </Accordion.ItemBody>
      </Accordion.ItemContent>
    </Accordion.Item>
  );
});
