import { ORDER_SEARCH_MIN } from '@fourfour/shared/orders';
import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

/**
 * The back office's search box, first on the page and focused: a promoter types a name and finds
 * the order. Shorter texts than the API searches say so instead of asking.
 */
export function SearchBox({
  value,
  onChange,
  label,
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  // After the layout has moved focus to the page (a navigation), the search box takes it.
  useEffect(() => {
    const timer = setTimeout(() => input.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, []);
  const short = value.trim().length > 0 && value.trim().length < ORDER_SEARCH_MIN;
  return (
    <TextInput
      type="search"
      size="md"
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      leftSection={<IconSearch size={18} aria-hidden />}
      description={short ? `Type at least ${ORDER_SEARCH_MIN} characters.` : undefined}
      ref={input}
      maxLength={100}
    />
  );
}

/** The text to send: trimmed, and only once long enough to search. */
export const searchText = (value: string) => {
  const q = value.trim();
  return q.length >= ORDER_SEARCH_MIN ? q : '';
};
