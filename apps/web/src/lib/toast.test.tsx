import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppToaster } from '@/components/ui/toaster';
import { toast } from './toast';

describe('toast (sonner loaded at the first toast)', () => {
  it('mounts the toaster at the first toast and shows that toast and the next', async () => {
    const { container } = render(<AppToaster />);
    expect(container).toBeEmptyDOMElement();
    act(() => toast.success('Saved.'));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    act(() => toast.error('Failed.'));
    expect(await screen.findByText('Failed.')).toBeInTheDocument();
  });
});
