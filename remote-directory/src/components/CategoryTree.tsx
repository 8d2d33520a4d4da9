import { Badge, HStack, Span, Stack } from '@bawaba/shared';
import { Accordion, Checkbox } from '@bawaba/shared/chakra-extra';
import type { Category } from '@bawaba/shared/contracts';
import { useLingui } from '@lingui/react/macro';
import { useCanFollow } from '../follows.ts';
import { FollowToggle } from './FollowToggle.tsx';

export interface CategoryTreeProps {
  categories: Category[];
  /** Selected service ids: only leaf services count (docs/product-spec.md §2). */
  selected: number[];
  onChange(selected: number[]): void;
  /** Bells to follow categories and services (the directory's filter; not a form that picks services). */
  followable?: boolean;
}

function Box({
  label,
  checked,
  onChange,
  testId,
}: {
  label: string;
  checked: boolean | 'indeterminate';
  onChange(checked: boolean): void;
  testId?: string;
}) {
  return (
    <Checkbox.Root
      size="sm"
      checked={checked}
      onCheckedChange={(e) => onChange(e.checked === true)}
      data-testid={testId}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control>
        <Checkbox.Indicator />
      </Checkbox.Control>
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/**
 * The category tree: categories fold open; each has its services (the leaves) as checkboxes and an
 * 'All in …' box that selects or clears all of them. Only service ids are ever selected. Where `followable`,
 * signed-in non-admins also get a follow toggle (a bell) beside each category and each service; it does not
 * change the filter.
 */
export function CategoryTree({ categories, selected, onChange, followable = false }: CategoryTreeProps) {
  const { t } = useLingui();
  const canFollow = useCanFollow(followable);
  const chosen = new Set(selected);
  const set = (ids: number[], on: boolean) => {
    const next = new Set(chosen);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onChange([...next]);
  };
  return (
    // lazyMount: a category's boxes are built when it is first opened, not all ≈ 80 with the page (each is a
    // small state machine; issue 8: main-thread time before /service is usable).
    <Accordion.Root multiple collapsible lazyMount size="sm" variant="plain" data-testid="category-tree">
      {categories.map((category) => {
        const ids = category.services.map((s) => s.id);
        const categoryName = category.name;
        const count = ids.filter((id) => chosen.has(id)).length;
        const all = count === ids.length && count > 0 ? true : count > 0 ? 'indeterminate' : false;
        return (
          <Accordion.Item key={category.id} value={String(category.id)}>
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
                    <Box label={t`All in ${categoryName}`} checked={all} onChange={(on) => set(ids, on)} />
                  </HStack>
                  <Stack gap="2" ps="4">
                    {category.services.map((service) => (
                      <HStack key={service.id} gap="1" justify="space-between">
                        <Box
                          label={service.name}
                          checked={chosen.has(service.id)}
                          onChange={(on) => set([service.id], on)}
                        />
                        {canFollow && (
                          <FollowToggle
                            compact
                            target={{ kind: 'service', id: service.id, name: service.name }}
                          />
                        )}
                      </HStack>
                    ))}
                  </Stack>
                </Stack>
              </Accordion.ItemBody>
            </Accordion.ItemContent>
          </Accordion.Item>
        );
      })}
    </Accordion.Root>
  );
}
