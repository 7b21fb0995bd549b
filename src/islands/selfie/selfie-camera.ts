/** The camera of the selfie tab (docs/selfie.md): getUserMedia, front camera first, switching among several. */

export type CameraProblem = 'denied' | 'none' | 'unsupported' | 'failed';

/** Why the camera did not open. */
export class CameraError extends Error {
  constructor(readonly problem: CameraProblem) {
    super(problem);
    this.name = 'CameraError';
  }
}

export interface Camera {
  stream: MediaStream;
  /** Whether the preview should be mirrored: a front (user-facing) camera, or one that does not say (a laptop's webcam). */
  isMirrored: boolean;
  deviceId: string | undefined;
}

/** Why a camera could not be opened, from getUserMedia's error name. */
export function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error) ? String(error.name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'none';
  return 'failed';
}

/** Opens a camera: the given device, else the front one. Rejects with a CameraError. */
export async function openCamera(deviceId?: string): Promise<Camera> {
  // navigator.mediaDevices exists only on secure pages (https or localhost).
  if (!navigator.mediaDevices?.getUserMedia) throw new CameraError('unsupported');
  const video: MediaTrackConstraints = deviceId
    ? { deviceId: { exact: deviceId } }
    : { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 1280 } };
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video, audio: false });
  } catch (error) {
    throw new CameraError(cameraProblem(error));
  }
  const settings = stream.getVideoTracks()[0]?.getSettings() ?? {};
  return { stream, isMirrored: settings.facingMode !== 'environment', deviceId: settings.deviceId };
}

/** The ids of the video inputs (known once permission was given). */
export async function videoInputs(): Promise<string[]> {
  const devices = await navigator.mediaDevices?.enumerateDevices().catch(() => []) ?? [];
  return devices.filter((d) => d.kind === 'videoinput' && d.deviceId).map((d) => d.deviceId);
}

/** The device after `current` in the list, round. */
export function nextDevice(devices: readonly string[], current: string | undefined): string | undefined {
  if (devices.length < 2) return undefined;
  const index = current ? devices.indexOf(current) : -1;
  return devices[(index + 1) % devices.length];
}

/** Stops every track, so the camera light goes off. */
export function closeCamera(camera: Camera | null): void {
  camera?.stream.getTracks().forEach((track) => track.stop());
}
