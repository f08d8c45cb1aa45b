import { useState } from 'react';
import { Button } from '@site/shared-ui';
import {
  formatDubaiTime,
  instantToDubaiLocal,
  type EditorProduct,
  type PublishSchedule,
} from '@site/contracts/staff-catalogue-api';
import { Notice } from '../../ui/Notice';
import { Actions, StaffField } from '../../ui/StaffField';
import { useCancelProductScheduleMutation, useScheduleProductPublishMutation } from '../catalogueApi';
import { refusalOf } from '../catalogueCalls';

export interface ScheduleSectionProps {
  product: EditorProduct;
  /** Unsaved edits: what is scheduled is the saved draft, so they are saved (or dropped) first. */
  dirty: boolean;
  /** The product as the server answered the change; the change is said done once this settles. */
  onChanged: (product: EditorProduct) => Promise<void>;
}

const dubaiWords = (instant: string) => `${formatDubaiTime(instant)} (Dubai time)`;

/**
 * Publishing the saved draft at a Dubai date and time (the catalogue's branch time zone, UTC+4 all year), with the
 * pending schedule shown, moved or cancelled, and a failed one said in words. A draft saved later is the one published.
 */
export function ScheduleSection({ product, dirty, onChanged }: ScheduleSectionProps) {
  const [scheduleProductPublish] = useScheduleProductPublishMutation();
  const [cancelProductSchedule] = useCancelProductScheduleMutation();
  const [busy, setBusy] = useState(false);
  const [changing, setChanging] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const schedule = product.schedule ?? null;
  const pending = schedule?.state === 'scheduled' ? schedule : null;
  const [dueAt, setDueAt] = useState(() => (pending === null ? '' : instantToDubaiLocal(pending.dueAt)));

  const run = async (work: () => Promise<EditorProduct>, done: (answer: EditorProduct) => string) => {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await work();
      await onChanged(answer);
      setChanging(false);
      setMessage({ tone: 'success', text: done(answer) });
    } catch (error) {
      setMessage({ tone: 'error', text: refusalOf(error).message });
    } finally {
      setBusy(false);
    }
  };

  const submit = () =>
    run(
      () => scheduleProductPublish({ id: product.id, body: { baseVersion: product.version, dueAt } }).unwrap(),
      (answer) =>
        `Scheduled: the draft goes live on ${answer.schedule == null ? dueAt : dubaiWords(answer.schedule.dueAt)}.`,
    );
  const cancel = (scheduled: PublishSchedule) =>
    run(
      () => cancelProductSchedule({ id: product.id, scheduleId: scheduled.id }).unwrap(),
      () => 'Schedule cancelled: the draft stays a draft until you publish it.',
    );

  const form = (
    <form
      aria-label="Schedule the publish"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <StaffField
        label="Publish on (Dubai time)"
        hint="The date and time in Dubai (UTC+4). The draft as last saved then goes live."
      >
        {(control) => (
          <input
            {...control}
            type="datetime-local"
            required
            value={dueAt}
            onChange={(event) => setDueAt(event.target.value)}
          />
        )}
      </StaffField>
      <Actions>
        <Button type="submit" disabled={busy || dirty || dueAt === ''}>
          {pending === null ? 'Schedule' : 'Save the new time'}
        </Button>
        {pending === null ? null : (
          <Button type="button" $variant="secondary" disabled={busy} onClick={() => setChanging(false)}>
            Keep the time
          </Button>
        )}
        {dirty ? <span>Save the draft before scheduling it.</span> : null}
      </Actions>
    </form>
  );

  return (
    <>
      {schedule?.state === 'failed' ? (
        <Notice tone="error">
          The publish scheduled for {dubaiWords(schedule.dueAt)} by {schedule.scheduledBy} did not happen.{' '}
          {schedule.failure}
        </Notice>
      ) : null}
      {pending !== null ? (
        <>
          <p>
            Scheduled to publish on {dubaiWords(pending.dueAt)} by {pending.scheduledBy}. Saving the draft again keeps
            the schedule: the draft as last saved goes live.
          </p>
          {changing ? (
            form
          ) : (
            <Actions>
              <Button
                type="button"
                $variant="secondary"
                disabled={busy}
                onClick={() => {
                  setDueAt(instantToDubaiLocal(pending.dueAt));
                  setChanging(true);
                }}
              >
                Change
              </Button>
              <Button type="button" $variant="secondary" disabled={busy} onClick={() => void cancel(pending)}>
                Cancel schedule
              </Button>
            </Actions>
          )}
        </>
      ) : product.archived != null ? (
        <p>Withdrawn from the catalogue: put it back before scheduling a publish.</p>
      ) : product.draft === null ? (
        <p>Nothing to schedule: save a draft first.</p>
      ) : (
        form
      )}
      {message !== null ? <Notice tone={message.tone}>{message.text}</Notice> : null}
    </>
  );
}
