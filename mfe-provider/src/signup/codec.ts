import { createContext, useContext } from 'react';
import { browserCodec, type ImageCodec } from '../lib/images';

/** The image codec the upload fields use: the browser's, or a test's stand-in. */
export const ImageCodecContext = createContext<ImageCodec>(browserCodec);
export const useImageCodec = () => useContext(ImageCodecContext);
