export {
  runPipeline,
  type PipelineClip,
  type PipelineOptions,
  type PipelineProgress,
  type PipelineResult,
  type PipelineStage,
} from './run-pipeline.ts';
export {
  ACCEPTED_DEMUXERS,
  MAX_SOURCE_DURATION_SEC,
  assertAcceptedContainer,
  assertAcceptedDuration,
  assertAcceptedMedia,
  probeMedia,
  type MediaInfo,
  type ProbeMediaOptions,
} from './probe-media.ts';
export { analyzeAudio, type AudioAnalysis } from './analyze-audio.ts';
export { readTranscript, parseSrt } from './read-transcript.ts';
export { transcribeAudio, transcriptionEndpoint, type TranscriptionConfig } from './transcribe-audio.ts';
export { detectSceneCuts } from './detect-scene-cuts.ts';
export { chooseClips, dropOverlaps, listCandidates, type ChosenClip, type ChooseClipsInput } from './choose-clips.ts';
export { chooseRerankedClips, rerankClips, type RerankClipsOptions, type RerankConfig } from './rerank-clips.ts';
export { buildCaptions, captionSafeArea } from './build-captions.ts';
export { CAPTION_FONTS_DIR } from './caption-font.ts';
export { detectFaces, stopFaceDetector, type FaceBox, type FaceSample } from './detect-faces.ts';
export { planCropPath, type CropPlan } from './plan-crop-path.ts';
export { renderClip, createLimiter, defaultRenderConcurrency, renderThreads } from './render-clip.ts';
export { nameClipFile } from './name-clip-file.ts';
export { runFfmpeg } from './run-ffmpeg.ts';
export { FfmpegError, MediaTooLongError, TranscriptionError, UnsupportedMediaError, isAbortError } from './errors.ts';
export type { MediaSource, TimeRange, TranscriptSegment } from './types.ts';
