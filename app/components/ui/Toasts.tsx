import { LineIcon } from "./LineIcon";
import { useCallback, useEffect, useState } from "react";

interface ToastMessage {
  id: number;
  title: string;
  description: string;
  tone: "success" | "error";
}

/** Toasts in a live region that exists from the first render, so screen readers announce each one. */
export function useToasts() {
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const dismiss = useCallback((id: number) => setToasts((t) => t.filter((x) => x.id !== id)), []);
  const show = useCallback(
    (toast: Omit<ToastMessage, "id">) => setToasts((t) => [...t.slice(-2), { ...toast, id: Date.now() + Math.random() }]),
    [],
  );
  return { toasts, show, dismiss };
}

const AUTO_DISMISS_MS = 8000;

function Toast({ toast, onDismiss, dismissLabel }: { toast: ToastMessage; onDismiss: (id: number) => void; dismissLabel: string }) {
  const [hovered, setHovered] = useState(false);
  useEffect(() => {
    if (hovered) return;
    const t = setTimeout(() => onDismiss(toast.id), AUTO_DISMISS_MS);
    return () => clearTimeout(t);
  }, [hovered, toast.id, onDismiss]);
  const error = toast.tone === "error";
  return (
    <div
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg ${error ? "border-red-800 bg-red-700 text-white" : "border-sand-200 bg-white text-ink"}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      data-toast={toast.tone}
    >
      <div className="flex-1">
        <p className="font-bold">{toast.title}</p>
        <p className="mt-1 text-sm">{toast.description}</p>
      </div>
      <button type="button" onClick={() => onDismiss(toast.id)} className="rounded p-1 hover:bg-black/10" aria-label={dismissLabel}>
        <LineIcon name="close" className="size-4" />
      </button>
    </div>
  );
}

/** `label` names the region and `dismissLabel` each toast's close button, in the page's language. */
export function Toaster({
  toasts,
  dismiss,
  label = "Notifications",
  dismissLabel = "Dismiss notification",
}: {
  toasts: ToastMessage[];
  dismiss: (id: number) => void;
  label?: string;
  dismissLabel?: string;
}) {
  return (
    <section
      aria-label={label}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end"
    >
      <div role="status" aria-live="polite" aria-atomic="false" className="flex w-full flex-col items-center gap-2 sm:items-end">
        {toasts.map((t) => (
          <Toast key={t.id} toast={t} onDismiss={dismiss} dismissLabel={dismissLabel} />
        ))}
      </div>
    </section>
  );
}
