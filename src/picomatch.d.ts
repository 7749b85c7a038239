// picomatch ships no exports map: the browser-safe POSIX build is imported by file.
declare module "picomatch/posix.js" {
  import picomatch from "picomatch";
  export default picomatch;
}
