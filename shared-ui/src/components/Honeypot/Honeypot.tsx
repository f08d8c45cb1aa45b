import type { ChangeEventHandler } from 'react';
import styled from 'styled-components';
import { useUiText } from '../../i18n/uiText';

export interface HoneypotProps {
  /** The field's name, as the server reads it (a name bots like to fill, such as 'website'). */
  name: string;
  id?: string;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  /** For anyone who meets it anyway (styles off): what to do with it; the page's 'ui.honeypot' message by default. */
  label?: string;
}

/**
 * Shrunk to one clipped pixel where it stands, not moved off screen: an offset to the left is off screen only in a
 * left-to-right page. Still a visible, enabled input, so bots that skip hidden fields fill it.
 */
const Trap = styled.div`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  border: 0;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;

/**
 * The spam trap: an empty text field only bots fill in. Out of the accessibility tree (aria-hidden), the tab order
 * (tabIndex -1) and autofill (autocomplete off), so no person reaches it. What it holds is sent; the server judges it.
 */
export function Honeypot({ name, id, value, onChange, label }: HoneypotProps) {
  const text = useUiText();
  return (
    <Trap aria-hidden="true">
      <label>
        {label ?? text('ui.honeypot')}
        <input type="text" name={name} id={id} value={value} onChange={onChange} tabIndex={-1} autoComplete="off" />
      </label>
    </Trap>
  );
}
