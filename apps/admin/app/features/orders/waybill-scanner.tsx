import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';

interface Detected {
  rawValue: string;
}
interface Detector {
  detect(source: HTMLVideoElement): Promise<Detected[]>;
}
type DetectorClass = new (options?: { formats?: string[] }) => Detector;

const detectorClass = (): DetectorClass | undefined =>
  (globalThis as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

/** The browser can read barcodes from the camera (Chrome on Android, Safari 17+): the Scan button shows. */
export const canScan = () => typeof navigator !== 'undefined' && !!detectorClass() && !!navigator.mediaDevices;

/**
 * Reads a waybill's barcode with the back camera (`BarcodeDetector`), a few times a second,
 * until one is found or the packer closes it.
 */
export function WaybillScanner({ onFound, onClose }: { onFound: (code: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string>();
  useEffect(() => {
    const Cls = detectorClass();
    if (!Cls) return;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const detector = new Cls({
      formats: ['code_128', 'code_39', 'qr_code', 'ean_13', 'itf', 'codabar', 'data_matrix'],
    });
    const tick = async () => {
      if (stopped || !video.current) return;
      try {
        const [hit] = await detector.detect(video.current);
        if (hit?.rawValue) return onFound(hit.rawValue.trim());
      } catch {
        // Not ready yet: try again.
      }
      timer = setTimeout(tick, 250);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then((s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        void video.current.play().then(tick);
      })
      .catch(() => setError('The camera could not be opened. Type the waybill instead.'));
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [onFound]);
  return (
    <div className="space-y-2" data-testid="waybill-scanner">
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      ) : (
        <video
          ref={video}
          muted
          playsInline
          className="aspect-video w-full rounded-xl bg-black object-cover"
          aria-label="Camera"
        />
      )}
      <Button variant="outline" onPress={onClose} className="w-full">
        Stop scanning
      </Button>
    </div>
  );
}
