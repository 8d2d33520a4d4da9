import { type Language, useStoreInTransition } from '@bawaba/shared';
import { boSetting, call, services as servicesRoute } from '@bawaba/shared/call';
import { type BoSetting, type Service, SITE_SETTINGS_CHANGED } from '@bawaba/shared/contracts';
import { createStore } from 'zustand';

interface SiteInfoState {
  settings: BoSetting | null;
  services: Service[];
  language: Language | null;
  load(language: Language): Promise<void>;
}

/** The back-office setting (address, email, phone, hours, social links) and the service names, for the footer and contact page. */
export const siteInfoStore = createStore<SiteInfoState>((set, get) => ({
  settings: null,
  services: [],
  language: null,
  async load(language) {
    if (get().language === language) return;
    set({ language });
    const [settings, services] = await Promise.allSettled([
      call(boSetting, { context: { background: true } }),
      call(servicesRoute, { context: { background: true } }),
    ]);
    set({
      ...(settings.status === 'fulfilled' ? { settings: settings.value } : {}),
      ...(services.status === 'fulfilled' ? { services: services.value } : {}),
    });
    if (settings.status === 'rejected' || services.status === 'rejected') set({ language: null });
  },
}));

// An admin saved the setting (the account app sends it): the footer and contact page show it at once.
if (typeof window !== 'undefined') {
  window.addEventListener(SITE_SETTINGS_CHANGED, (event) => {
    const settings = (event as CustomEvent<BoSetting | undefined>).detail;
    if (settings) siteInfoStore.setState({ settings });
  });
}

/**
 * A piece of the site info. Its answer re-renders the home page and the footer: as a transition, not in one
 * synchronous task (see useStoreInTransition).
 */
export function useSiteInfo<T>(select: (state: SiteInfoState) => T): T {
  return useStoreInTransition(siteInfoStore, select);
}

/** Loads the site info in `language` (once per language). */
export function loadSiteInfo(language: Language): Promise<void> {
  return siteInfoStore.getState().load(language);
}

/** `/service?inputValue=<name>` (docs/product-spec.md §2: footer service links pre-fill the directory keyword). */
export function serviceSearchHref(name: string): string {
  return `/service?${new URLSearchParams({ inputValue: name }).toString()}`;
}
