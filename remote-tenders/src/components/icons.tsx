import { Icon, type IconProps } from '@bawaba/shared';
import type { ReactNode } from 'react';

/** The few icons this remote draws (inline SVG, no icon library in the bundle). */
const make = (path: ReactNode) =>
  function SvgIcon(props: IconProps) {
    return (
      <Icon
        as="svg"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden
        {...props}
      >
        {path}
      </Icon>
    );
  };

export const CheckIcon = make(<path d="M5 12l5 5L20 7" strokeLinecap="round" strokeLinejoin="round" />);
export const UploadIcon = make(
  <>
    <path d="M12 16V4M7 9l5-5 5 5" strokeLinecap="round" strokeLinejoin="round" />
    <path d="M4 16v3a1 1 0 001 1h14a1 1 0 001-1v-3" strokeLinecap="round" />
  </>,
);
export const FileIcon = make(
  <>
    <path d="M14 3H6a1 1 0 00-1 1v16a1 1 0 001 1h12a1 1 0 001-1V8z" strokeLinejoin="round" />
    <path d="M14 3v5h5" strokeLinejoin="round" />
  </>,
);
export const CloseIcon = make(<path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />);
export const InfoIcon = make(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5M12 8v.01" strokeLinecap="round" />
  </>,
);
export const DownloadIcon = make(
  <>
    <path d="M12 4v12M7 11l5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
    <path d="M4 20h16" strokeLinecap="round" />
  </>,
);
export const PlusIcon = make(<path d="M12 5v14M5 12h14" strokeLinecap="round" />);
export const TrashIcon = make(
  <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" strokeLinecap="round" strokeLinejoin="round" />,
);
export const HelpIcon = make(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9a2.5 2.5 0 015 .5c0 1.5-2.5 2-2.5 3.5M12 17v.01" strokeLinecap="round" />
  </>,
);
