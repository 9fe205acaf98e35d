'use client';

import { SendIcon } from 'lucide-react';
import { useState } from 'react';
import { ButtonIcon } from '@/components/button-icon';
import { ApiError } from '@/lib/client/api-client';
import { useCapabilities } from '@/lib/client/capabilities';
import { errorSentence } from '@/lib/client/error-message';
import type { ItemDetail } from '@/lib/client/item-cache';
import { readLaterNames, sendToReadLater, useReadLaterLinks, type ReadLaterService } from '@/lib/client/use-read-later';

type Props = { item: ItemDetail; onResult: (message: string) => void; className: string };

/**
 * A "Send to …" button per linked read-later service, for articles. Hidden when nothing is
 * linked, and against a hosted service (the links are first-party, so they cannot be read there).
 */
export function ReadLaterSend({ item, onResult, className }: Props) {
  const { firstParty } = useCapabilities();
  const shown = firstParty && item.item_type === 'article';
  const { data: links } = useReadLaterLinks(shown);
  const [sending, setSending] = useState<ReadLaterService | null>(null);
  const linked = shown ? (links ?? []).filter((link) => link.linked) : [];
  if (!linked.length) return null;

  const send = async (service: ReadLaterService) => {
    if (sending) return;
    const name = readLaterNames[service];
    setSending(service);
    onResult(`Sending to ${name}…`);
    try {
      await sendToReadLater(item.id, service);
      onResult(`Sent to ${name}.`);
    } catch (error) {
      // 400: the link is gone or the product refused it; its own words say which.
      onResult(error instanceof ApiError && error.status === 400 ? `${name} did not take it: ${error.message}` : errorSentence(error));
    } finally {
      setSending(null);
    }
  };

  return linked.map((link) => (
    <button
      key={link.service}
      type="button"
      aria-disabled={sending !== null}
      onClick={() => void send(link.service)}
      className={`${className} aria-disabled:text-muted`}
    >
      <ButtonIcon icon={SendIcon} />
      Send to {readLaterNames[link.service]}
    </button>
  ));
}
