import {
  Button,
  chakra,
  Field,
  HStack,
  Input,
  type SessionUser,
  SimpleGrid,
  Span,
  Stack,
  showPopup,
  Text,
  Textarea,
  translateMessage,
  useNavigate,
} from '@bawaba/shared';
import { Checkbox, Fieldset } from '@bawaba/shared/chakra-extra';
import { type Company, ServiceRequestBody } from '@bawaba/shared/contracts';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import type * as v from 'valibot';

/** Request description limit (docs/product-spec.md §5, §9). */
export const DESCRIPTION_MAX = 500;

type Values = v.InferInput<typeof ServiceRequestBody>;
type Output = v.InferOutput<typeof ServiceRequestBody>;
const FIELDS: FieldPath<Values>[] = ['name', 'email', 'phone', 'services', 'project_title', 'description'];

export interface RequestServiceFormProps {
  company: Company;
  user: SessionUser | null;
  /** POST /requests (the page passes the API call; tests pass a stub). */
  send(body: Output): Promise<unknown>;
}

/**
 * The service request form (docs/product-spec.md §5): every rule comes from the ServiceRequestBody contract. Submit is
 * disabled while the form is invalid; an invalid submit marks every field touched. A last-name field is
 * shown but neither validated nor sent. Sent → reset → success popup → /service. Cancel resets.
 */
export function RequestServiceForm({ company, user, send }: RequestServiceFormProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [lastName, setLastName] = useState('');
  const defaults: Values = {
    name: user?.name ?? '',
    email: user?.email ?? '',
    phone: '',
    services: [],
    project_title: '',
    description: '',
    company: company.id,
  };
  const form = useForm<Values, unknown, Output>({
    resolver: valibotResolver(ServiceRequestBody),
    mode: 'all',
    defaultValues: defaults,
  });
  const { register, handleSubmit, formState, watch, setValue, reset } = form;
  const { errors, touchedFields, isSubmitted, isValid, isSubmitting } = formState;

  const errorOf = (field: FieldPath<Values>): string | undefined => {
    const touched = isSubmitted || (touchedFields as Record<string, unknown>)[field];
    const message = (errors as Record<string, { message?: string } | undefined>)[field]?.message;
    return touched ? translateMessage(message) : undefined;
  };
  const selected = watch('services') ?? [];
  const description = watch('description') ?? '';

  const resetAll = () => {
    reset(defaults);
    setLastName('');
  };

  const onValid = async (body: Output) => {
    await send(body);
    resetAll();
    void showPopup({
      kind: 'success',
      title: t`Request successfully sent`,
      text: t`After request approval, provider could contact you`,
      confirmLabel: t`OK`,
    });
    navigate('/service');
  };
  const onInvalid = () => {
    // Spec §5/§8: an invalid submit marks every field touched (a console line only, no popup).
    for (const field of FIELDS) {
      setValue(field, form.getValues(field), { shouldTouch: true, shouldValidate: true });
    }
    console.info('service request form: invalid');
  };

  const toggleService = (id: number, on: boolean) => {
    const next = on ? [...new Set([...selected, id])] : selected.filter((s) => s !== id);
    setValue('services', next, { shouldTouch: true, shouldValidate: true, shouldDirty: true });
  };

  return (
    <chakra.form
      display="flex"
      flexDirection="column"
      gap="5"
      noValidate
      aria-label={t`Service request`}
      data-testid="request-form"
      onSubmit={(e) => {
        e.preventDefault();
        handleSubmit(onValid, onInvalid)().catch(() => undefined);
      }}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Field.Root required invalid={Boolean(errorOf('name'))}>
          <Field.Label>
            <Trans>Name</Trans>
            <Field.RequiredIndicator />
          </Field.Label>
          <Input {...register('name')} autoComplete="given-name" maxLength={120} />
          <Field.ErrorText>{errorOf('name')}</Field.ErrorText>
        </Field.Root>
        <Field.Root>
          <Field.Label>
            <Trans>Last name</Trans>
          </Field.Label>
          <Input
            name="lastName"
            value={lastName}
            onChange={(e) => setLastName(e.target.value)}
            autoComplete="family-name"
          />
        </Field.Root>
        <Field.Root required invalid={Boolean(errorOf('email'))}>
          <Field.Label>
            <Trans>Email</Trans>
            <Field.RequiredIndicator />
          </Field.Label>
          <Input {...register('email')} type="email" autoComplete="email" dir="ltr" />
          <Field.ErrorText>{errorOf('email')}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={Boolean(errorOf('phone'))}>
          <Field.Label>
            <Trans>Phone</Trans>
            <Field.RequiredIndicator />
          </Field.Label>
          <Input {...register('phone')} type="tel" inputMode="numeric" autoComplete="tel" dir="ltr" />
          <Field.HelperText>
            <Trans>Digits only</Trans>
          </Field.HelperText>
          <Field.ErrorText>{errorOf('phone')}</Field.ErrorText>
        </Field.Root>
      </SimpleGrid>

      {/* A fieldset, not a Field: checkboxes inside a Field would share the field's one input id. */}
      <Fieldset.Root invalid={Boolean(errorOf('services'))}>
        <Fieldset.Legend>
          <Trans>Services</Trans>{' '}
          <Span color="fg.error" aria-hidden="true">
            *
          </Span>
        </Fieldset.Legend>
        <Stack gap="2" data-testid="request-services">
          {company.services.map((s) => (
            <Checkbox.Root
              key={s.id}
              checked={selected.includes(s.id)}
              onCheckedChange={(e) => toggleService(s.id, e.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control>
                <Checkbox.Indicator />
              </Checkbox.Control>
              <Checkbox.Label>{s.name}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
        <Fieldset.ErrorText>{errorOf('services')}</Fieldset.ErrorText>
      </Fieldset.Root>

      <Field.Root required invalid={Boolean(errorOf('project_title'))}>
        <Field.Label>
          <Trans>Project title</Trans>
          <Field.RequiredIndicator />
        </Field.Label>
        <Input {...register('project_title')} maxLength={200} />
        <Field.ErrorText>{errorOf('project_title')}</Field.ErrorText>
      </Field.Root>

      <Field.Root required invalid={Boolean(errorOf('description'))}>
        <Field.Label>
          <Trans>Description</Trans>
          <Field.RequiredIndicator />
        </Field.Label>
        <Textarea {...register('description')} rows={5} />
        <HStack justify="space-between" w="full">
          <Field.ErrorText>{errorOf('description')}</Field.ErrorText>
          <Text
            fontSize="sm"
            ms="auto"
            color={description.length > DESCRIPTION_MAX ? 'fg.error' : 'fg.muted'}
            data-testid="description-counter"
            aria-live="polite"
          >
            {description.length}/{DESCRIPTION_MAX}
          </Text>
        </HStack>
      </Field.Root>

      <HStack gap="3">
        <Button type="submit" colorPalette="brand" disabled={!isValid || isSubmitting} loading={isSubmitting}>
          <Trans>Send request</Trans>
        </Button>
        <Button type="button" variant="outline" onClick={resetAll}>
          <Trans>Cancel</Trans>
        </Button>
      </HStack>
    </chakra.form>
  );
}
