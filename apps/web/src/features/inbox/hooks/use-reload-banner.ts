import { MAILBOX_SUCCESS_BANNER_MS } from '@app/shared/mailbox-rules';
import { useEffect, useRef, useState } from 'react';

type ListState = { isSuccess: boolean; isPlaceholderData: boolean; isFetching: boolean; dataUpdatedAt: number };

/**
 * "Emails loaded successfully!" for 3000 ms after a reload has loaded, once its rows are drawn
 * (`drawn`); never over an empty folder (`count` 0), where "No emails found." says it all. It answers
 * the reload button only (`reloading`): loading a folder or a page is what the list shows.
 */
export function useReloadBanner(list: ListState, drawn: boolean, count: number) {
  const [banner, setBanner] = useState(0);
  const announce = useRef(false);
  useEffect(() => {
    if (!drawn || !list.isSuccess || list.isPlaceholderData || list.isFetching || !announce.current) return;
    announce.current = false;
    if (count > 0) setBanner(Date.now());
  }, [drawn, list.isSuccess, list.isPlaceholderData, list.isFetching, list.dataUpdatedAt, count]);
  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(0), MAILBOX_SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  return {
    shown: banner > 0,
    /** The reload button was pressed: the banner shows once the answer is drawn. */
    reloading: () => {
      announce.current = true;
    },
  };
}
