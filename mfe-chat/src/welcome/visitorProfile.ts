// The visitor's profile, kept in the browser under one key so that a returning visitor goes straight to the chat.
import { FIELD_MAX_LENGTH, isBranchName, isValidEmail } from '@site/content/validation';

/** Spec "Visitor profile". userCountry is a branch name ('Dubai', 'Oman', 'Bahrain', 'Saudi Arabia'). */
export interface VisitorProfile {
  userName: string;
  userEmail: string;
  userCountry: string;
  /** When the visitor introduced themselves, ISO. */
  timestamp: string;
}

export type VisitorDetails = Omit<VisitorProfile, 'timestamp'>;

export const PROFILE_STORAGE_KEY = 'crescent-chat-visitor';

/** The welcome form's rule: every field filled, the e-mail well formed, a known branch. Trims the values. */
export function checkVisitorDetails(details: VisitorDetails): VisitorDetails | null {
  const userName = details.userName.trim();
  const userEmail = details.userEmail.trim();
  if (userName === '' || userName.length > FIELD_MAX_LENGTH.name) return null;
  if (!isValidEmail(userEmail) || userEmail.length > FIELD_MAX_LENGTH.email) return null;
  if (!isBranchName(details.userCountry)) return null;
  return { userName, userEmail, userCountry: details.userCountry };
}

/** The stored profile, or null when there is none, it is unreadable or no longer valid (storage may be blocked). */
export function loadVisitorProfile(storage: Storage | undefined = globalThis.localStorage): VisitorProfile | null {
  try {
    const raw = storage?.getItem(PROFILE_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Record<keyof VisitorProfile, unknown>>;
    const fields = [value.userName, value.userEmail, value.userCountry, value.timestamp];
    if (!fields.every((field) => typeof field === 'string')) return null;
    const details = checkVisitorDetails({
      userName: value.userName as string,
      userEmail: value.userEmail as string,
      userCountry: value.userCountry as string,
    });
    return details && { ...details, timestamp: value.timestamp as string };
  } catch {
    return null;
  }
}

/** Stores the profile; a browser that refuses storage only loses the "welcome back". */
export function saveVisitorProfile(
  profile: VisitorProfile,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(PROFILE_STORAGE_KEY, JSON.stringify(profile));
  } catch (error) {
    console.warn('Could not keep the chat profile in this browser:', error);
  }
}
