import { mountRemoteHarness } from '@bawaba/shared';
import { buildLabel, catalogs, segments } from './exposes/routes.tsx';

void mountRemoteHarness('tenders', { segments, catalogs, buildLabel });
