import { render, screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { createStaffRoot } from './StaffRoot';
import type { StaffAppModule } from './staffRemote';

function FakeStaffApp({ loadProductPreview }: { loadProductPreview?: unknown }) {
  return (
    <p>
      Staff app at {useLocation().pathname}
      {loadProductPreview === undefined ? '' : ', with the preview loader'}
    </p>
  );
}

beforeEach(() => window.history.replaceState(null, '', '/staff/inbox/quote/12'));
afterEach(() => jest.restoreAllMocks());

describe("the staff host page's tree", () => {
  it("renders the remote's app in a router whose base is /staff", async () => {
    const loadPreview = jest.fn();
    const StaffRoot = createStaffRoot(async (): Promise<StaffAppModule> => ({ default: FakeStaffApp }), loadPreview);
    render(<StaffRoot />);
    // the app is handed the catalogue preview's loader, which nothing calls until the editor's preview is opened
    expect(await screen.findByText('Staff app at /inbox/quote/12, with the preview loader')).toBeInTheDocument();
    expect(loadPreview).not.toHaveBeenCalled();
  });

  it('says the staff pages could not be loaded, with a way to try again, when the remote cannot be fetched', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const StaffRoot = createStaffRoot(() => Promise.reject(new Error('RUNTIME-003')));
    render(<StaffRoot />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The staff pages could not be loaded' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load the page again' })).toBeInTheDocument();
  });
});
