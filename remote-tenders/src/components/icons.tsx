import { lineIcon } from '@bawaba/shared';

/** The few icons only this remote draws (the file, upload and close icons are shared: `@bawaba/shared`). */
export const CheckIcon = lineIcon(<path d="M5 12l5 5L20 7" />);
export const InfoIcon = lineIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5M12 8v.01" />
  </>,
);
export const DownloadIcon = lineIcon(
  <>
    <path d="M12 4v12M7 11l5 5 5-5" />
    <path d="M4 20h16" />
  </>,
);
export const PlusIcon = lineIcon(<path d="M12 5v14M5 12h14" />);
export const TrashIcon = lineIcon(<path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />);
export const HelpIcon = lineIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9a2.5 2.5 0 015 .5c0 1.5-2.5 2-2.5 3.5M12 17v.01" />
  </>,
);
