import { useState } from 'react';
import styled from 'styled-components';
import { LoadError, PageContainer, Spinner } from '@site/shared-ui';
import type { StaffSettings } from '@site/contracts/staff-api-schemas';
import { useSaveSettingsMutation, useSettingsQuery } from '../api/staffApi';
import { messageOf } from '../api/staffBaseQuery';
import { Notice } from '../ui/Notice';
import { PageHeading } from '../ui/PageHeading';
import { staffResource } from '../ui/staffResource';

const Switch = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 12px;
  min-height: 44px;
  font-weight: 600;
  cursor: pointer;
  input {
    width: 24px;
    height: 24px;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.brand};
  }
`;

const Hint = styled.p`
  margin: 4px 0 16px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** /staff/settings (admins): whether new reviews wait for approval. */
export function SettingsPage() {
  const { resource, retry } = staffResource(useSettingsQuery());
  const [saveSettings] = useSaveSettingsMutation();
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const save = async (settings: StaffSettings) => {
    setSaving(true);
    setMessage(null);
    try {
      await saveSettings(settings).unwrap();
      setMessage({
        tone: 'success',
        text: settings.holdNewReviews ? 'New reviews now wait for approval.' : 'New reviews are shown at once.',
      });
    } catch (error) {
      setMessage({ tone: 'error', text: messageOf(error) });
    } finally {
      setSaving(false);
    }
  };

  let body;
  if (resource.data !== undefined) {
    const settings = resource.data;
    body = (
      <>
        <Switch>
          <input
            type="checkbox"
            role="switch"
            name="holdNewReviews"
            checked={settings.holdNewReviews}
            disabled={saving}
            aria-describedby="hold-reviews-hint"
            onChange={(event) => void save({ ...settings, holdNewReviews: event.target.checked })}
          />
          Hold new reviews until approved
        </Switch>
        <Hint id="hold-reviews-hint">
          When on, a new review is shown on the product page only once a member of staff approves it (Reviews, Held for
          approval).
        </Hint>
        <Notice tone={message?.tone ?? 'info'}>{message?.text}</Notice>
      </>
    );
  } else if (resource.status === 'failed') {
    body = <LoadError message={`The settings could not be loaded. ${resource.error}`} onRetry={retry} />;
  } else {
    body = <Spinner label="Loading the settings" />;
  }

  return (
    <PageContainer>
      <PageHeading title="Settings" />
      {body}
    </PageContainer>
  );
}
