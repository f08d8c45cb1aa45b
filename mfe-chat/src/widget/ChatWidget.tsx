import styled from 'styled-components';
import { theme } from '@site/shared-ui';
import { useAppDispatch, useAppSelector } from '@site/shared-store';
import { panelChanged, selectChatPanel } from './chatSlice';

const ASSISTANT_TITLE = 'Crescent Assistant';

const Dock = styled.div`
  position: fixed;
  right: 20px;
  bottom: 20px;
  z-index: 900;
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 12px;
`;

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  width: 360px;
  height: 480px;
  max-height: calc(100vh - 120px);
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  overflow: hidden;
  @media (max-width: ${theme.chatMobile}px) {
    position: fixed;
    inset: 0;
    width: auto;
    height: auto;
    max-height: none;
    border-radius: 0;
  }
`;

const PanelHeader = styled.header`
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 12px 12px 12px 16px;
  color: #fff;
  background: ${({ theme }) => theme.colors.brand};
  h2 { margin: 0; font-size: ${({ theme }) => theme.typeScale.md}; }
  p { margin: 0; font-size: ${({ theme }) => theme.typeScale.xs}; }
  p::before { content: ''; display: inline-block; width: 8px; height: 8px; margin-right: 6px; border-radius: 50%; background: #4ade80; }
`;

const HeaderButton = styled.button`
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: 50%;
  color: #fff;
  background: transparent;
  font-size: 22px;
  line-height: 1;
  cursor: pointer;
  &:hover { background: rgba(255, 255, 255, 0.15); }
`;

const Body = styled.div`
  flex: 1;
  padding: 16px;
  overflow-y: auto;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Fab = styled.button`
  width: 60px;
  height: 60px;
  border: 0;
  border-radius: 50%;
  color: #fff;
  background: ${({ theme }) => theme.colors.brand};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  cursor: pointer;
  svg { width: 28px; height: 28px; }
`;

const MinimizedBar = styled.button`
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  padding: 8px 16px;
  border: 0;
  border-radius: 999px;
  color: #fff;
  background: ${({ theme }) => theme.colors.brand};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
`;

function ChatIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2Z" />
    </svg>
  );
}

/** The floating chat assistant (first version: the panel and its states; the conversation comes with issue 7). */
export default function ChatWidget() {
  const dispatch = useAppDispatch();
  const panel = useAppSelector(selectChatPanel);
  const setPanel = (next: typeof panel) => dispatch(panelChanged(next));

  return (
    <Dock>
      {panel === 'open' ? (
        <Panel aria-labelledby="chat-title" role="dialog" aria-modal="false">
          <PanelHeader>
            <div style={{ flex: 1 }}>
              <h2 id="chat-title">{ASSISTANT_TITLE}</h2>
              <p>Online</p>
            </div>
            <HeaderButton type="button" aria-label="Minimize chat" onClick={() => setPanel('minimized')}>
              –
            </HeaderButton>
            <HeaderButton type="button" aria-label="Close chat" onClick={() => setPanel('closed')}>
              ×
            </HeaderButton>
          </PanelHeader>
          <Body aria-live="polite" />
        </Panel>
      ) : null}
      {panel === 'minimized' ? (
        <MinimizedBar type="button" onClick={() => setPanel('open')} aria-label="Restore chat">
          <ChatIcon /> {ASSISTANT_TITLE}
        </MinimizedBar>
      ) : null}
      <Fab
        type="button"
        aria-label={panel === 'open' ? 'Close chat' : 'Open chat'}
        aria-expanded={panel === 'open'}
        onClick={() => setPanel(panel === 'open' ? 'closed' : 'open')}
      >
        <ChatIcon />
      </Fab>
    </Dock>
  );
}
