import { Fragment, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { mdiChatOutline, mdiClose, mdiSend } from '@mdi/js';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ChatBotAnswer } from '@cmp/contracts/chatBot';
import { failureText } from '../../platform/api/failureText';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { aboveBottomDock } from '../../platform/ui/bottomDock';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { askChatBot, chatBotToken } from '../api/chatBotApi';

interface ChatEntry {
  id: number;
  from: 'user' | 'assistant';
  text: string;
  answer?: ChatBotAnswer;
}

/**
 * spec §2 Chatbot: a toggle opens a chat window greeting "Hi {first name}, how can we help you?";
 * §4: closed or open, with a loading state until the chat connection is there. There is no upload.
 */
export function ChatBot({ firstName }: { firstName: string }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const [connection, setConnection] = useState<'idle' | 'connecting' | 'ready' | 'failed'>('idle');
  const [entries, setEntries] = useState<ChatEntry[]>([]);
  const [question, setQuestion] = useState('');
  const [isAnswering, setIsAnswering] = useState(false);
  const [error, setError] = useState<string>();
  const windowId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isOpen || connection !== 'idle') return;
    setConnection('connecting');
    chatBotToken()
      .then(() => setConnection('ready'))
      .catch((failure: unknown) => {
        setError(failureText(failure));
        setConnection('failed');
      });
  }, [isOpen, connection]);

  useEffect(() => {
    if (connection === 'ready' && isOpen) inputRef.current?.focus();
  }, [connection, isOpen]);

  useEffect(() => {
    listRef.current?.lastElementChild?.scrollIntoView?.({ block: 'end' });
  }, [entries, isAnswering]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const text = question.trim();
    if (!text || isAnswering) return;
    setQuestion('');
    setError(undefined);
    setEntries((current) => [...current, { id: current.length, from: 'user', text }]);
    setIsAnswering(true);
    try {
      const answer = await askChatBot(text);
      setEntries((current) => [...current, { id: current.length, from: 'assistant', text: answer.Text, answer }]);
    } catch (failure) {
      setError(`${t('chat_bot.error')} ${failureText(failure)}`);
    } finally {
      setIsAnswering(false);
    }
  };

  return (
    <Box sx={{ position: 'fixed', right: 24, bottom: aboveBottomDock('24px'), zIndex: (theme) => theme.zIndex.speedDial, display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 1.5 }}>
      {isOpen && (
        <Paper
          id={windowId}
          role="region"
          aria-label={t('chat_bot.conversation')}
          elevation={8}
          // The toggle below closes it; Escape too, from anywhere in the window.
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            setIsOpen(false);
            toggleRef.current?.focus();
          }}
          sx={{ width: { xs: 'calc(100vw - 48px)', sm: 380 }, height: 480, maxHeight: `calc(100vh - ${aboveBottomDock('104px')})`, display: 'flex', flexDirection: 'column' }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, bgcolor: 'primary.main', color: 'primary.contrastText', borderTopLeftRadius: 4, borderTopRightRadius: 4 }}>
            <Typography variant="subtitle1" component="h2" sx={{ flex: 1, py: 0.5 }}>
              {t('chat_bot.title')}
            </Typography>
          </Box>
          <Box sx={{ flex: 1, overflowY: 'auto', p: 2 }}>
            {connection === 'connecting' && <LoadingIndicator label={t('chat_bot.connecting')} />}
            {connection !== 'connecting' && (
              <Box component="ol" ref={listRef} aria-live="polite" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
                <ChatBubble from="assistant" label={t('chat_bot.assistant')} text={t('chat_bot.greeting', { firstName })} />
                {entries.map((entry) => (
                  <ChatBubble key={entry.id} from={entry.from} label={t(entry.from === 'user' ? 'chat_bot.you' : 'chat_bot.assistant')} text={entry.text} answer={entry.answer} />
                ))}
                {isAnswering && (
                  <Typography component="li" variant="body2" color="text.secondary" role="status">
                    {t('chat_bot.thinking')}
                  </Typography>
                )}
              </Box>
            )}
            {error && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {error}
              </Alert>
            )}
          </Box>
          <Box component="form" noValidate onSubmit={send} sx={{ display: 'flex', gap: 1, p: 1.5, borderTop: 1, borderColor: 'divider' }}>
            <TextField
              size="small"
              fullWidth
              label={t('chat_bot.input_label')}
              value={question}
              onChange={(event) => setQuestion(event.target.value)}
              inputRef={inputRef}
              disabled={connection !== 'ready'}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
            <IconButton type="submit" color="primary" aria-label={t('chat_bot.send')} disabled={connection !== 'ready' || !question.trim() || isAnswering}>
              <MdiIcon path={mdiSend} />
            </IconButton>
          </Box>
        </Paper>
      )}
      <Fab ref={toggleRef} color="primary" aria-label={t(isOpen ? 'chat_bot.close' : 'chat_bot.open')} aria-expanded={isOpen} aria-controls={isOpen ? windowId : undefined} onClick={() => setIsOpen((open) => !open)}>
        <MdiIcon path={isOpen ? mdiClose : mdiChatOutline} />
      </Fab>
    </Box>
  );
}

function ChatBubble({ from, label, text, answer }: { from: ChatEntry['from']; label: string; text: string; answer?: ChatBotAnswer }) {
  const isUser = from === 'user';
  return (
    <Box component="li" sx={{ alignSelf: isUser ? 'flex-end' : 'flex-start', maxWidth: '85%' }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Box sx={{ px: 1.5, py: 1, borderRadius: 2, bgcolor: isUser ? 'primary.main' : 'grey.100', color: isUser ? 'primary.contrastText' : 'text.primary' }}>
        <Typography variant="body2">{text}</Typography>
        {answer && <AnswerItems answer={answer} />}
        {answer?.Links.map((link) => (
          <Link key={link.Url} href={link.Url} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ display: 'block', mt: 0.5 }}>
            {link.Label}
          </Link>
        ))}
      </Box>
    </Box>
  );
}

/** The facts of an answer as a list; an article's steps numbered, after its summary; then each further list under its title. */
function AnswerItems({ answer }: { answer: ChatBotAnswer }) {
  const isArticle = answer.Topic === 'knowledge';
  const [summary, ...steps] = answer.Items;
  return (
    <>
      {isArticle && summary && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {summary}
        </Typography>
      )}
      <AnswerList items={isArticle ? steps : answer.Items} isNumbered={isArticle} />
      {answer.Sections.map((section) => (
        <Fragment key={section.Title}>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {section.Title}
          </Typography>
          <AnswerList items={section.Items} />
        </Fragment>
      ))}
    </>
  );
}

function AnswerList({ items, isNumbered = false }: { items: string[]; isNumbered?: boolean }) {
  if (items.length === 0) return null;
  return (
    <Box component={isNumbered ? 'ol' : 'ul'} sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
      {items.map((item) => (
        <Typography component="li" variant="body2" key={item}>
          {item}
        </Typography>
      ))}
    </Box>
  );
}
