import styled from 'styled-components';
import { Button } from '@site/shared-ui';
import { useStaffDispatch } from '../app/store';
import { recoveryCodesSaved } from '../session';
import { Actions } from '../ui/StaffField';
import { CopyButton } from '../ui/CopyButton';

const Codes = styled.ol`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
  gap: 8px 24px;
  margin: 0;
  padding: 16px 16px 16px 40px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: ${({ theme }) => theme.typeScale.lg};
`;

/** Printing: the codes and what they are, not the buttons. */
const Screen = styled.div`
  @media print { display: none; }
`;

/** After the set-up: the recovery codes, shown this once, to copy or print before going on. */
export function RecoveryCodesStep({ codes }: { codes: string[] }) {
  const dispatch = useStaffDispatch();
  // The session is active already: once the codes are dropped, the sign-in page goes on where the person was going.
  const done = () => dispatch(recoveryCodesSaved());
  return (
    <>
      <p>
        Two-step sign-in is on. If you lose your phone, each of these codes signs you in once instead of a code from the
        app.
        <strong> They are shown only now:</strong> copy or print them and keep them somewhere safe, away from your
        phone.
      </p>
      <Codes aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Codes>
      <Screen>
        <Actions>
          <CopyButton text={codes.join('\n')} label="Copy the codes" done="The codes are copied." />
          <Button type="button" $variant="secondary" onClick={() => window.print()}>
            Print the codes
          </Button>
        </Actions>
      </Screen>
      <Screen>
        <Actions>
          <Button type="button" onClick={done}>
            I have saved my codes: continue
          </Button>
        </Actions>
      </Screen>
    </>
  );
}
