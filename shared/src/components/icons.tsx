import type { ReactNode } from 'react';
import { Icon, type IconProps } from '../ui/chakra.ts';

/**
 * A line icon (24×24, stroke = currentColor) drawn from inline SVG paths, so no icon library is shipped.
 * The host and the remotes make their few icons with it; the ones more than one app draws live below.
 */
export function lineIcon(paths: ReactNode) {
  return function LineIcon(props: IconProps) {
    return (
      <Icon {...props} asChild>
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          {paths}
        </svg>
      </Icon>
    );
  };
}

export const UploadIcon = lineIcon(
  <>
    <path d="M12 16V4M7 9l5-5 5 5" />
    <path d="M4 16v3a1 1 0 001 1h14a1 1 0 001-1v-3" />
  </>,
);
export const FileIcon = lineIcon(
  <>
    <path d="M14 3H6a1 1 0 00-1 1v16a1 1 0 001 1h12a1 1 0 001-1V8z" />
    <path d="M14 3v5h5" />
  </>,
);
export const CloseIcon = lineIcon(<path d="M6 6l12 12M18 6L6 18" />);
