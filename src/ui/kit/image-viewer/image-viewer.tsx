// Image viewer (SPEC §9, §8): zoom in and out by 0.2, rotate by 90° either way, reset; when the image
// cannot be loaded the text '加载失败' stands in its place (and is its accessible name).
import { Button, makeStyles, Text, tokens, Toolbar, ToolbarButton } from '@fluentui/react-components';
import {
  ArrowResetRegular,
  ArrowRotateClockwiseRegular,
  ArrowRotateCounterclockwiseRegular,
  ZoomInRegular,
  ZoomOutRegular,
} from '@fluentui/react-icons';
import { useState } from 'react';
import { IMAGE_VIEWER_ROTATE_DEG, IMAGE_VIEWER_ZOOM_STEP } from '../../../domain/constants';

export const IMAGE_LOAD_FAILED = '加载失败';
export const ZOOM_MIN = IMAGE_VIEWER_ZOOM_STEP;
export const ZOOM_MAX = 5;

/** Exact tenths: 1 + 0.2 + 0.2 is 1.4, not 1.4000000000000001. */
export function zoomBy(zoom: number, steps: number): number {
  const next = Math.round((zoom + steps * IMAGE_VIEWER_ZOOM_STEP) * 10) / 10;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, next));
}

export function rotateBy(rotation: number, turns: number): number {
  return (((rotation + turns * IMAGE_VIEWER_ROTATE_DEG) % 360) + 360) % 360;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', height: '100%', minHeight: '320px' },
  stage: {
    flex: 1,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'auto',
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
  },
  image: { maxWidth: '100%', maxHeight: '100%', transition: 'transform 0.2s ease' },
  failed: { color: tokens.colorNeutralForeground3 },
});

export interface ImageViewerProps {
  src: string;
  /** What the image shows. */
  alt: string;
}

export function ImageViewer({ src, alt }: ImageViewerProps) {
  const styles = useStyles();
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === src;
  return (
    <div className={styles.root}>
      <Toolbar aria-label="图片操作" size="small">
        <ToolbarButton
          icon={<ZoomInRegular />}
          disabled={failed || zoom >= ZOOM_MAX}
          onClick={() => setZoom((z) => zoomBy(z, 1))}
        >
          放大
        </ToolbarButton>
        <ToolbarButton
          icon={<ZoomOutRegular />}
          disabled={failed || zoom <= ZOOM_MIN}
          onClick={() => setZoom((z) => zoomBy(z, -1))}
        >
          缩小
        </ToolbarButton>
        <ToolbarButton
          icon={<ArrowRotateCounterclockwiseRegular />}
          disabled={failed}
          onClick={() => setRotation((r) => rotateBy(r, -1))}
        >
          向左旋转
        </ToolbarButton>
        <ToolbarButton
          icon={<ArrowRotateClockwiseRegular />}
          disabled={failed}
          onClick={() => setRotation((r) => rotateBy(r, 1))}
        >
          向右旋转
        </ToolbarButton>
        <ToolbarButton
          icon={<ArrowResetRegular />}
          disabled={failed}
          onClick={() => {
            setZoom(1);
            setRotation(0);
          }}
        >
          重置
        </ToolbarButton>
        <Text aria-live="polite" style={{ marginLeft: 8 }}>
          {Math.round(zoom * 100)}%
        </Text>
      </Toolbar>
      <div className={styles.stage}>
        {failed ? (
          <Text role="img" aria-label={IMAGE_LOAD_FAILED} className={styles.failed}>
            {IMAGE_LOAD_FAILED}
          </Text>
        ) : (
          <img
            src={src}
            alt={alt}
            className={styles.image}
            style={{ transform: `scale(${zoom}) rotate(${rotation}deg)` }}
            data-zoom={zoom}
            data-rotation={rotation}
            onError={() => setFailedSrc(src)}
          />
        )}
      </div>
      {failed && (
        <Button size="small" appearance="transparent" onClick={() => setFailedSrc(null)}>
          重新加载
        </Button>
      )}
    </div>
  );
}
