import { Box, Input, List, Text, useSessionStore } from '@bawaba/shared';
import type { Service } from '@bawaba/shared/contracts';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { api } from '../api.ts';

export interface KeywordBoxProps {
  value: string;
  onChange(value: string): void;
  /** Enter with no suggestion highlighted runs the search. */
  onSubmit(): void;
  label: string;
}

/** The keyword box with autocomplete over service names (GET /services/autocomplete). */
export function KeywordBox({ value, onChange, onSubmit, label }: KeywordBoxProps) {
  const { t } = useLingui();
  // Company names are searchable only when signed in (the API never matches hidden names).
  const signedIn = useSessionStore((s) => Boolean(s.token));
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [suggestions, setSuggestions] = useState<Service[]>([]);

  useEffect(() => {
    const q = value.trim();
    if (!open || q.length < 1) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.autocomplete(q, controller.signal).then(
        (items) => {
          setSuggestions(items);
          setActive(-1);
        },
        () => undefined,
      );
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, open]);

  const pick = (service: Service) => {
    onChange(service.name);
    setOpen(false);
    setSuggestions([]);
  };
  const expanded = open && suggestions.length > 0;

  return (
    <Box position="relative" w="full">
      <Input
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        placeholder={signedIn ? t`Search a service or company` : t`Search a service`}
        value={value}
        autoComplete="off"
        maxLength={100}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && expanded) {
            e.preventDefault();
            setActive((a) => (a + 1) % suggestions.length);
          } else if (e.key === 'ArrowUp' && expanded) {
            e.preventDefault();
            setActive((a) => (a <= 0 ? suggestions.length - 1 : a - 1));
          } else if (e.key === 'Escape') {
            setOpen(false);
          } else if (e.key === 'Enter') {
            e.preventDefault();
            const chosen = expanded && active >= 0 ? suggestions[active] : undefined;
            if (chosen) pick(chosen);
            else {
              setOpen(false);
              onSubmit();
            }
          }
        }}
      />
      {expanded && (
        <List.Root
          id={listId}
          role="listbox"
          aria-label={t`Suggestions`}
          position="absolute"
          zIndex="dropdown"
          insetStart="0"
          insetEnd="0"
          mt="1"
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="md"
          boxShadow="md"
          listStyleType="none"
          maxH="64"
          overflowY="auto"
          py="1"
        >
          {suggestions.map((service, index) => (
            <List.Item
              key={service.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              px="3"
              py="1.5"
              cursor="pointer"
              bg={index === active ? 'bg.muted' : undefined}
              _hover={{ bg: 'bg.muted' }}
              // mousedown, not click: the input's blur would close the list first.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(service);
              }}
            >
              <Text>{service.name}</Text>
              <Text fontSize="xs" color="fg.muted">
                {service.category.name}
              </Text>
            </List.Item>
          ))}
        </List.Root>
      )}
    </Box>
  );
}
