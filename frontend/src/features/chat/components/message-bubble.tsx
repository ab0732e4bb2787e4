import BrokenImageOutlined from '@mui/icons-material/BrokenImageOutlined';
import DoneAllRounded from '@mui/icons-material/DoneAllRounded';
import DoneRounded from '@mui/icons-material/DoneRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Message } from '@panda/contracts/chat';
import type { ReactNode } from 'react';
import { useAuthedImage } from '../../../lib/authed-image';
import { formatTime24 } from '../../../lib/dates';
import { IMAGE_TEXTS } from '../lib/format';

/** A chat image: fetched with the session's token (the API serves it to the sender and receiver only). */
function ChatImage({ url, filename }: { url: string; filename: string | null }) {
  const image = useAuthedImage(url);
  const alt = filename ? `Image: ${filename}` : 'Image';
  if (!image || image.status === 'loading')
    return <Skeleton variant="rounded" width={220} height={160} aria-label="Loading image" />;
  if (image.status === 'failed')
    return (
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary', py: 1 }}
        role="img"
        aria-label={`${alt}: ${IMAGE_TEXTS.failedToLoad}`}
      >
        <BrokenImageOutlined fontSize="small" />
        <Typography variant="body2">{IMAGE_TEXTS.failedToLoad}</Typography>
      </Box>
    );
  return (
    <Box
      component="img"
      src={image.src}
      alt={alt}
      sx={{
        display: 'block',
        maxWidth: '100%',
        width: 260,
        maxHeight: 320,
        objectFit: 'contain',
        borderRadius: 1.5,
        bgcolor: '#f1f5f9',
      }}
    />
  );
}

export type BubbleState = 'sending' | 'failed';

interface BubbleProps {
  mine: boolean;
  text: string;
  time: string;
  image?: ReactNode;
  receipt?: ReactNode;
  testId?: string;
}

function Bubble({ mine, text, time, image, receipt, testId }: BubbleProps) {
  return (
    <Box
      component="li"
      sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}
      data-testid={testId}
      data-mine={mine ? 'true' : 'false'}
    >
      <Box
        sx={{
          maxWidth: { xs: '85%', sm: '72%' },
          px: 1.5,
          py: 1,
          borderRadius: 2.5,
          borderBottomRightRadius: mine ? 6 : undefined,
          borderBottomLeftRadius: mine ? undefined : 6,
          bgcolor: mine ? 'primary.main' : '#fff',
          color: mine ? '#fff' : 'text.primary',
          border: mine ? 'none' : '1px solid',
          borderColor: 'divider',
        }}
      >
        {image}
        {text && (
          <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', mt: image ? 0.75 : 0 }}>{text}</Typography>
        )}
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'flex-end',
            gap: 0.5,
            mt: 0.25,
            opacity: mine ? 0.95 : 1,
          }}
        >
          <Typography variant="caption" sx={{ color: mine ? 'inherit' : 'text.secondary' }}>
            {time}
          </Typography>
          {receipt}
        </Box>
      </Box>
    </Box>
  );
}

const receiptSx = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 0.25,
  fontSize: '0.75rem',
  '& svg': { fontSize: 15 },
} as const;

/** A stored message; mine shows Sent or Read (the read receipt). */
export function MessageBubble({ message, mine }: { message: Message; mine: boolean }) {
  const receipt = mine ? (
    <Box component="span" sx={receiptSx} data-testid="read-receipt">
      {message.Read ? <DoneAllRounded aria-hidden /> : <DoneRounded aria-hidden />}
      {message.Read ? 'Read' : 'Sent'}
    </Box>
  ) : undefined;
  return (
    <Bubble
      mine={mine}
      text={message.Message}
      time={formatTime24(message.Created_At, '')}
      image={
        message.Message_Type === 'image' && message.Image_Data ? (
          <ChatImage url={message.Image_Data} filename={message.Image_Filename} />
        ) : undefined
      }
      receipt={receipt}
      testId="chat-message"
    />
  );
}

/** A message of mine not yet stored: 'Sending...', or 'Not sent' with Retry. */
export function PendingBubble({
  text,
  imageUrl,
  state,
  onRetry,
}: {
  text: string;
  imageUrl?: string;
  state: BubbleState;
  onRetry: () => void;
}) {
  const receipt =
    state === 'sending' ? (
      <Box component="span" sx={receiptSx}>
        <ScheduleRounded aria-hidden />
        Sending...
      </Box>
    ) : (
      <Box component="span" sx={receiptSx}>
        <ErrorOutlineRounded aria-hidden />
        Not sent
        <Button
          size="small"
          onClick={onRetry}
          sx={{ color: 'inherit', textDecoration: 'underline', minWidth: 0, p: 0, ml: 0.5, fontSize: '0.75rem' }}
        >
          Retry
        </Button>
      </Box>
    );
  return (
    <Bubble
      mine
      text={text}
      time=""
      image={
        imageUrl ? (
          <Box
            component="img"
            src={imageUrl}
            alt="Image being sent"
            sx={{ display: 'block', maxWidth: '100%', width: 260, borderRadius: 1.5, opacity: 0.7 }}
          />
        ) : undefined
      }
      receipt={receipt}
      testId="chat-pending"
    />
  );
}
