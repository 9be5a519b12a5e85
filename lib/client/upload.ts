import { ApiError, DASHBOARD_API } from "./api";
import { DASHBOARD_HEADER } from "./constants";

/**
 * A multipart upload through the proxy with progress (fetch has no upload progress; XMLHttpRequest does).
 * Resolves with the envelope's data, rejects with an ApiError carrying the API's message.
 */
export function uploadForm<T>(path: string, form: FormData, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${DASHBOARD_API}${path}`);
    xhr.responseType = "text";
    xhr.setRequestHeader("accept", "application/json");
    xhr.setRequestHeader(DASHBOARD_HEADER, "1");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: {
        message?: string;
        data?: T;
        errors?: { field: string; message: string }[];
        details?: Record<string, unknown>;
        errorCode?: string;
      } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON: fall through with the status */
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body.data as T);
      } else {
        const message = body.message || xhr.statusText || `HTTP ${xhr.status}`;
        reject(new ApiError(xhr.status, message, body.errors ?? [], body.details, null, body.errorCode ?? null));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, "The upload was interrupted. Check your connection and try again."));
    xhr.send(form);
  });
}
