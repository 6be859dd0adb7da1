import { Box, Button, Group, Input, Text } from '@mantine/core';
import { type RefObject, useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';

/**
 * A drawn signature (signature_pad, decision 0038): finger, stylus or mouse; the client's on a
 * proposal, the recipient's on a delivery. The canvas keeps its drawing sharp on high-density
 * screens and keeps the strokes when its width changes (a phone turned, a window resized).
 * `padRef` gives the form the pad to read.
 */
export function SignatureField({
  padRef,
  error,
  onSigned,
  description = 'Draw your signature in the box with a finger, a stylus or the mouse.',
  prompt = 'Draw your signature',
}: {
  padRef: RefObject<SignaturePad | null>;
  error?: string;
  /** Called when a stroke ends or the pad is cleared. */
  onSigned?: (signed: boolean) => void;
  /** Who signs and how, under the label. */
  description?: string;
  /** What the empty box says. */
  prompt?: string;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [signed, setSigned] = useState(false);
  const report = useRef(onSigned);
  report.current = onSigned;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // Dark ink on a white box in both colour schemes: it is what the signed PDF prints on paper.
    const pad = new SignaturePad(canvas, { penColor: '#1a1b1e', minWidth: 0.8, maxWidth: 2.6 });
    padRef.current = pad;
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = Math.round(canvas.offsetWidth * ratio);
      const height = Math.round(canvas.offsetHeight * ratio);
      if (width === 0 || (canvas.width === width && canvas.height === height)) return;
      const strokes = pad.toData();
      canvas.width = width;
      canvas.height = height;
      canvas.getContext('2d')?.scale(ratio, ratio);
      // Resizing a canvas wipes it: draw the strokes again, at the same places.
      pad.fromData(strokes);
    };
    fit();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(canvas);
    // A zoom changes the pixel ratio without resizing the box.
    window.addEventListener('resize', fit);
    const ended = () => {
      setSigned(!pad.isEmpty());
      report.current?.(!pad.isEmpty());
    };
    pad.addEventListener('endStroke', ended);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', fit);
      pad.removeEventListener('endStroke', ended);
      pad.off();
      padRef.current = null;
    };
  }, [padRef]);

  const clear = () => {
    padRef.current?.clear();
    setSigned(false);
    report.current?.(false);
  };

  return (
    <Input.Wrapper label="Signature" labelElement="div" description={description} error={error}>
      <Box
        mt={6}
        pos="relative"
        h={180}
        bg="white"
        style={{
          border: `1px solid ${error ? 'var(--mantine-color-error)' : 'var(--mantine-color-default-border)'}`,
          borderRadius: 'var(--mantine-radius-sm)',
          overflow: 'hidden',
        }}
      >
        {!signed && (
          <Text
            aria-hidden
            c="gray.6"
            size="sm"
            pos="absolute"
            top="50%"
            left={0}
            right={0}
            ta="center"
            style={{ transform: 'translateY(-50%)', pointerEvents: 'none' }}
          >
            {prompt}
          </Text>
        )}
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={signed ? 'Signature pad, signed' : 'Signature pad, not signed yet'}
          style={{ display: 'block', width: '100%', height: '100%', cursor: 'crosshair' }}
        >
          {prompt}
        </canvas>
      </Box>
      <Group justify="flex-end" mt={4}>
        <Button variant="subtle" size="compact-sm" onClick={clear} disabled={!signed} aria-label="Clear the signature">
          Clear
        </Button>
      </Group>
    </Input.Wrapper>
  );
}
