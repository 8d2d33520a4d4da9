import { lineIcon } from '@bawaba/shared';

/** The few icons the shell draws, as line icons (`lineIcon`, shared); the contact and social ones are in
 * `@bawaba/shared/site-contact`. */
export const MenuIcon = lineIcon(
  <>
    <path d="M4 6h16" />
    <path d="M4 12h16" />
    <path d="M4 18h16" />
  </>,
);
/** A calendar page: the "Numbers and dates" menu. */
export const CalendarIcon = lineIcon(
  <>
    <rect x="3" y="4" width="18" height="18" rx="2" />
    <path d="M16 2v4" />
    <path d="M8 2v4" />
    <path d="M3 10h18" />
  </>,
);
export const BellIcon = lineIcon(
  <>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </>,
);
/** A contract (document with lines): notifications linked to a tender. */
export const ContractIcon = lineIcon(
  <>
    <path d="M14.5 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V7.5L14.5 2z" />
    <path d="M14 2v6h6" />
    <path d="M8 13h8" />
    <path d="M8 17h5" />
  </>,
);
export const ArrowUpIcon = lineIcon(
  <>
    <path d="M12 19V5" />
    <path d="m5 12 7-7 7 7" />
  </>,
);
/** Points to the reading direction's "previous" side; mirrored in RTL by its users. */
export const ChevronStartIcon = lineIcon(<path d="m15 18-6-6 6-6" />);
export const ChevronEndIcon = lineIcon(<path d="m9 18 6-6-6-6" />);
export const SearchIcon = lineIcon(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m21 21-4.3-4.3" />
  </>,
);
export const LogoutIcon = lineIcon(
  <>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
    <path d="m16 17 5-5-5-5" />
    <path d="M21 12H9" />
  </>,
);
export const CheckCircleIcon = lineIcon(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="m8 12 3 3 5-6" />
  </>,
);
export const XCircleIcon = lineIcon(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="m15 9-6 6" />
    <path d="m9 9 6 6" />
  </>,
);

/** The default avatar (docs/product-spec.md §2: used when the user has no photo), as an image so it behaves like one. */
export const DEFAULT_AVATAR = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#d3e8e8"/><circle cx="32" cy="25" r="12" fill="#1d6f73"/><path d="M10 58c2-12 11-18 22-18s20 6 22 18" fill="#1d6f73"/></svg>',
)}`;
