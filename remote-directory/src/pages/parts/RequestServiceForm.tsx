import {
  Button,
  chakra,
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
import { FormField } from '@bawaba/shared/forms';
import { actionKey } from '@bawaba/shared/rules';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import type * as v from 'valibot';

/** Request description limit (docs/product-spec.md §5, §9). */
const DESCRIPTION_MAX = 500;

type Values = v.InferInput<typeof ServiceRequestBody>;
type Output = v.InferOutput<typeof ServiceRequestBody>;
const FIELDS: FieldPath<Values>[] = ['name', 'email', 'phone', 'services', 'project_title', 'description'];

export interface RequestServiceFormProps {
  company: Company;
  user: SessionUser | null;
  /**
   * POST /requests with its Idempotency-Key (the page passes the API call; tests pass a stub). The key stays the
   * same while the user sends the same request again after an error or a timeout, so it is written once at most.
   */
  send(body: Output, key: string): Promise<unknown>;
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
  const [keys] = useState(actionKey);
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
    await send(body, keys.for(body));
    keys.done();
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
        <FormField label={<Trans>Name</Trans>} required error={errorOf('name')}>
          <Input {...register('name')} autoComplete="given-name" maxLength={120} />
        </FormField>
        <FormField label={<Trans>Last name</Trans>}>
          <Input
            name="lastName"
            value={lastName}
            onChange={(e) => setLastName(e.target.value)}
            autoComplete="family-name"
          />
        </FormField>
        <FormField label={<Trans>Email</Trans>} required error={errorOf('email')}>
          <Input {...register('email')} type="email" autoComplete="email" dir="ltr" />
        </FormField>
        <FormField
          label={<Trans>Phone</Trans>}
          required
          error={errorOf('phone')}
          helper={<Trans>Digits only</Trans>}
        >
          <Input {...register('phone')} type="tel" inputMode="numeric" autoComplete="tel" dir="ltr" />
        </FormField>
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

      <FormField label={<Trans>Project title</Trans>} required error={errorOf('project_title')}>
        <Input {...register('project_title')} maxLength={200} />
      </FormField>

      <FormField label={<Trans>Description</Trans>} required error={errorOf('description')}>
        <Textarea {...register('description')} rows={5} />
        <HStack justify="space-between" w="full">
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
      </FormField>

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
