import { Button, HStack, Image, Input, notify, SimpleGrid, Stack } from '@bawaba/shared';
import { Checkbox } from '@bawaba/shared/chakra-extra';
import { type Ad, AdBody, TITLE_IN_ONE_LANGUAGE } from '@bawaba/shared/contracts';
import { FormField } from '@bawaba/shared/forms';
import { textLangProps } from '@bawaba/shared/user-text';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import * as v from 'valibot';
import { api } from '../../api.ts';
import { FilePick } from '../../components/FilePick.tsx';

export interface AdFormValues {
  titleEn: string;
  titleAr: string;
  imageFileId: string;
  linkUrl: string;
  active: boolean;
  startsAt: string;
  endsAt: string;
}

const INVALID_URL = 'Please enter a valid URL (https://…)';

/**
 * The ad form's rules: the AdBody contract (an image is required for a new ad; an edited ad keeps its image
 * unless a new one is uploaded), plus an end after the start. A link may also be a path on this site
 * ('/company-register', as the seeded ad has); an edit sends only the fields that changed. The title in English,
 * in Arabic or in both.
 */
const adForm = (creating: boolean) =>
  v.pipe(
    v.object({
      ...AdBody.entries,
      titleEn: v.string(),
      titleAr: v.string(),
      imageFileId: creating ? AdBody.entries.imageFileId : v.string(),
      linkUrl: v.union(
        [v.literal(''), v.pipe(v.string(), v.regex(/^\/(?!\/)\S*$/)), v.pipe(v.string(), v.url(INVALID_URL))],
        INVALID_URL,
      ),
      startsAt: v.string(),
      endsAt: v.string(),
    }),
    v.forward(
      v.partialCheck(
        [['startsAt'], ['endsAt']],
        (x) => !x.startsAt || !x.endsAt || Date.parse(x.startsAt) < Date.parse(x.endsAt),
        'The end must be after the start.',
      ),
      ['endsAt'],
    ),
  );

/** A title version left blank is sent as null: not written. */
const version = (text: string) => (text.trim() ? text.trim() : null);

const toDay = (iso: string | null) => (iso ? iso.slice(0, 10) : '');
/** A day from a date input → the start of that day (UTC), or null when empty. */
const fromDay = (day: string) => (day ? new Date(`${day}T00:00:00.000Z`).toISOString() : null);

export function AdEditor({ ad, onDone }: { ad: Ad | null; onDone: () => void }) {
  const { t } = useLingui();
  const [preview, setPreview] = useState<string | null>(ad?.imageUrl ?? null);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<AdFormValues>({
    resolver: async (values, context, options) => {
      const result = await valibotResolver(adForm(ad === null))(values, context, options as never);
      // A title in at least one language: the API refuses an ad without.
      if (values.titleEn.trim() || values.titleAr.trim()) return result as never;
      return {
        values: {},
        errors: { ...result.errors, titleEn: { type: 'required', message: TITLE_IN_ONE_LANGUAGE } },
      };
    },
    defaultValues: {
      titleEn: ad?.titleEn ?? '',
      titleAr: ad?.titleAr ?? '',
      imageFileId: '',
      linkUrl: ad?.linkUrl ?? '',
      active: ad?.active ?? true,
      startsAt: toDay(ad?.startsAt ?? null),
      endsAt: toDay(ad?.endsAt ?? null),
    },
    mode: 'onTouched',
  });

  const save = handleSubmit(async (values) => {
    const changed = (field: keyof AdFormValues) => ad === null || Boolean(dirtyFields[field]);
    const body = {
      ...(changed('titleEn') ? { titleEn: version(values.titleEn) } : {}),
      ...(changed('titleAr') ? { titleAr: version(values.titleAr) } : {}),
      ...(changed('linkUrl') ? { linkUrl: values.linkUrl || null } : {}),
      ...(changed('active') ? { active: values.active } : {}),
      ...(changed('startsAt') ? { startsAt: fromDay(values.startsAt) } : {}),
      ...(changed('endsAt') ? { endsAt: fromDay(values.endsAt) } : {}),
      ...(values.imageFileId ? { imageFileId: values.imageFileId } : {}),
    };
    try {
      if (ad) await api.updateAd(ad.id, body);
      else
        await api.createAd({
          titleEn: version(values.titleEn),
          titleAr: version(values.titleAr),
          imageFileId: values.imageFileId,
          linkUrl: values.linkUrl || null,
          active: values.active,
          startsAt: fromDay(values.startsAt),
          endsAt: fromDay(values.endsAt),
        });
      notify.success(ad ? t`Ad saved` : t`Ad created`);
      onDone();
    } catch {
      // Shown by the shell.
    }
  });

  return (
    <form onSubmit={save} noValidate data-testid="ad-form">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label={<Trans>Title in English</Trans>} error={errors.titleEn?.message}>
            <Input {...register('titleEn')} {...textLangProps('en')} data-testid="ad-title" />
          </FormField>
          <FormField label={<Trans>Title in Arabic</Trans>} error={errors.titleAr?.message}>
            <Input {...register('titleAr')} {...textLangProps('ar')} data-testid="ad-title-ar" />
          </FormField>
        </SimpleGrid>
        <FormField label={<Trans>Image</Trans>} error={errors.imageFileId?.message} required>
          <HStack gap="4">
            {preview ? (
              <Image
                src={preview}
                alt=""
                boxSize="20"
                objectFit="cover"
                borderRadius="md"
                data-testid="ad-preview"
              />
            ) : null}
            <FilePick
              purpose="ad"
              testId="ad-image"
              onUploaded={(file) => {
                setPreview(file.url);
                setValue('imageFileId', file.id, { shouldValidate: true, shouldDirty: true });
              }}
            >
              {preview ? <Trans>Replace image</Trans> : <Trans>Upload image</Trans>}
            </FilePick>
          </HStack>
        </FormField>
        <FormField label={<Trans>Link (optional)</Trans>} error={errors.linkUrl?.message}>
          <Input dir="ltr" placeholder="https://" {...register('linkUrl')} data-testid="ad-link" />
        </FormField>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label={<Trans>Show from</Trans>} error={errors.startsAt?.message}>
            <Input type="date" {...register('startsAt')} data-testid="ad-starts" />
          </FormField>
          <FormField label={<Trans>Show until</Trans>} error={errors.endsAt?.message}>
            <Input type="date" {...register('endsAt')} data-testid="ad-ends" />
          </FormField>
        </SimpleGrid>
        <Controller
          control={control}
          name="active"
          render={({ field }) => (
            <Checkbox.Root checked={field.value} onCheckedChange={(e) => field.onChange(e.checked === true)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                <Trans>Active (shown on the directory page while in its schedule)</Trans>
              </Checkbox.Label>
            </Checkbox.Root>
          )}
        />
        <HStack gap="3">
          <Button type="submit" colorPalette="brand" loading={isSubmitting} data-testid="ad-save">
            {ad ? <Trans>Save ad</Trans> : <Trans>Create ad</Trans>}
          </Button>
          <Button variant="ghost" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
