import { mountRemoteHarness } from '@bawaba/shared';
import { buildLabel, catalogs, segments } from './exposes/routes.tsx';

void mountRemoteHarness('account', { segments, catalogs, buildLabel });
