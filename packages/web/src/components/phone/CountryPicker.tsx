import { Combobox, Group, InputBase, ScrollArea, Text, useCombobox } from '@mantine/core';
import { useMemo, useState } from 'react';
import { flagUrl } from './flags.ts';
import { PHONE_COUNTRIES, type PhoneCountry } from './phoneNumber.ts';

/** A country's flag from our own files; the country code in its place when there is none. */
function Flag({ code }: { code: string }) {
  const src = flagUrl(code);
  if (src === undefined)
    return (
      <Text component="span" size="xs" w={21}>
        {code}
      </Text>
    );
  return (
    <img
      src={src}
      alt=""
      width={21}
      height={14}
      loading="lazy"
      style={{ display: 'block', borderRadius: 2 }}
    />
  );
}

const matches = (country: PhoneCountry, search: string): boolean => {
  const wanted = search.trim().toLowerCase().replace(/^\+/, '');
  return (
    wanted === '' ||
    country.name.toLowerCase().includes(wanted) ||
    country.dialCode.startsWith(wanted) ||
    country.code.toLowerCase() === wanted
  );
};

/** The phone input's country button: its flag and dial code; opens a searchable list of countries. */
export function CountryPicker({
  country,
  label,
  disabled,
  onChoose,
}: {
  country: PhoneCountry;
  /** The phone field's label, for the button's accessible name. */
  label: string;
  disabled?: boolean;
  onChoose: (country: PhoneCountry) => void;
}) {
  const [search, setSearch] = useState('');
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
    },
    onDropdownOpen: () => combobox.focusSearchInput(),
  });
  const opened = combobox.dropdownOpened;
  // The list (some 240 countries with flags) is built only while it is open.
  const shown = useMemo(
    () => (opened ? PHONE_COUNTRIES.filter((candidate) => matches(candidate, search)) : []),
    [opened, search],
  );
  return (
    <Combobox
      store={combobox}
      width={320}
      position="bottom-start"
      onOptionSubmit={(code) => {
        const chosen = PHONE_COUNTRIES.find((candidate) => candidate.code === code);
        if (chosen) onChoose(chosen);
        combobox.closeDropdown();
        combobox.focusTarget();
      }}
    >
      <Combobox.Target targetType="button">
        <InputBase
          component="button"
          type="button"
          pointer
          disabled={disabled}
          aria-label={`${label} country: ${country.name} +${country.dialCode}`}
          leftSection={<Flag code={country.code} />}
          rightSection={<Combobox.Chevron />}
          rightSectionPointerEvents="none"
          onClick={() => combobox.toggleDropdown()}
          w={124}
          styles={{ input: { whiteSpace: 'nowrap' } }}
        >
          +{country.dialCode}
        </InputBase>
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Search
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          placeholder="Search countries"
          aria-label="Search countries"
          // Inside the phone field's wrapper it would otherwise take the number box's id and description.
          withAria={false}
        />
        <Combobox.Options>
          <ScrollArea.Autosize mah={260} type="scroll">
            {shown.length === 0 ? <Combobox.Empty>No country matches</Combobox.Empty> : null}
            {shown.map((candidate) => (
              <Combobox.Option
                key={candidate.code}
                value={candidate.code}
                active={candidate.code === country.code}
                aria-label={`${candidate.name} +${candidate.dialCode}`}
              >
                <Group gap="xs" wrap="nowrap">
                  <Flag code={candidate.code} />
                  <Text size="sm">
                    {candidate.name} +{candidate.dialCode}
                  </Text>
                </Group>
              </Combobox.Option>
            ))}
          </ScrollArea.Autosize>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
