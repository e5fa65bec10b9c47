/// After Effects' expression globals, in JavaScript (ES5, for Duktape), run
/// in each expression's heap before the expression: `time`, `value`,
/// `thisProperty` (`valueAtTime`, `key`, `numKeys`, `loopIn`/`loopOut`),
/// `wiggle`, `index`, `thisLayer`, `thisComp` (`layer(name|index)` with its
/// transform), `linear`/`ease`/`easeIn`/`easeOut`, `clamp`, seeded
/// `random`/`seedRandom`, vector math with arrays as values, and the
/// `$bm_sum`… operators bodymovin rewrites `+ - * /` into.
///
/// Semantics follow After Effects as lottie-web documents it (array plus
/// number adds to the first component; ease curves (0.33, 0, 0.667, 1) and
/// its in and out halves). `wiggle`, `random` and `Math.random` draw from a
/// hash of the property's seed, the frame and `seedRandom`'s offset, so a
/// file gives the same numbers on every import.
///
/// The host side: `$bm_setup(data)` once, then per frame `$bm_begin(frame)`,
/// the expression, and `$bm_end(its value)`, which returns a number or an
/// array of numbers or throws. `$bm_native(layer, property, frame)` asks the
/// host for a property's value (layer −1: this property; 1…5: a layer's
/// anchor point, position, scale, rotation, opacity; 1000 × (e + 1) + p:
/// control p of its effect e).
enum LottieExpressionPrelude {
    /// The longest array the guarded `Array.prototype` methods take: natives
    /// that walk `length` (join, indexOf… on a sparse array of 2³² − 1) would
    /// otherwise run for minutes where the step count cannot see them.
    static let maximumArrayLength = 100_000

    /// ``source`` compiled once per process (compiling it costs more than a whole property's
    /// frames); nil when it does not compile, which the tests rule out.
    static let bytecode: [UInt8]? = {
        guard let script = LottieScript(memoryLimit: LottieLimits.maximumExpressionMemory) else { return nil }
        return try? script.compileToBytecode(source)
    }()

    static let source = #"""
        (function (G) {
          'use strict';
          var D = null, fr = 30, frameNow = 0, steps = 0, maxSteps = 0;
          var rngState = 0, rngOffset = 0, rngTimeless = false;

          function fail(message) { throw new Error(message); }
          function define(name, value) {
            Object.defineProperty(G, name, { value: value, writable: false, enumerable: false, configurable: false });
          }
          function setGlobal(name, value) {
            Object.defineProperty(G, name, { value: value, writable: true, enumerable: false, configurable: true });
          }

          define('$bm_tick', function () {
            steps += 1;
            if (steps > maxSteps) throw new RangeError('the expression took more than ' + maxSteps + ' steps');
            return true;
          });
          Object.defineProperty(G, '$bm_steps', { get: function () { return steps; }, enumerable: false, configurable: false });

          // Values: numbers and arrays of numbers.
          function isNum(v) { var t = typeof v; return t === 'number' || t === 'boolean' || v instanceof Number; }
          function isArr(v) {
            return v instanceof Array || (v !== null && typeof v === 'object' && ArrayBuffer.isView(v));
          }
          function copy(a) { var r = [], i; for (i = 0; i < a.length; i++) r.push(a[i]); return r; }
          function each(a, f) { var r = [], i; for (i = 0; i < a.length; i++) r.push(f(a[i], i)); return r; }

          function sum(a, b) {
            if (typeof a === 'string' || typeof b === 'string') return a + b;
            if (isNum(a) && isNum(b)) return a + b;
            if (isArr(a) && isNum(b)) { a = copy(a); a[0] = a[0] + b; return a; }
            if (isNum(a) && isArr(b)) { b = copy(b); b[0] = a + b[0]; return b; }
            if (isArr(a) && isArr(b)) {
              var r = [], i, n = Math.max(a.length, b.length);
              for (i = 0; i < n; i++) r.push(b[i] === undefined ? a[i] : a[i] === undefined ? b[i] : a[i] + b[i]);
              return r;
            }
            return 0;
          }
          function sub(a, b) {
            if (typeof a === 'string') a = parseInt(a, 10);
            if (typeof b === 'string') b = parseInt(b, 10);
            if (isNum(a) && isNum(b)) return a - b;
            if (isArr(a) && isNum(b)) { a = copy(a); a[0] = a[0] - b; return a; }
            if (isNum(a) && isArr(b)) { b = copy(b); b[0] = a - b[0]; return b; }
            if (isArr(a) && isArr(b)) {
              var r = [], i, n = Math.max(a.length, b.length);
              for (i = 0; i < n; i++) r.push(b[i] === undefined ? a[i] : a[i] === undefined ? -b[i] : a[i] - b[i]);
              return r;
            }
            return 0;
          }
          function mul(a, b) {
            if (isNum(a) && isNum(b)) return a * b;
            if (isArr(a) && isNum(b)) return each(a, function (x) { return x * b; });
            if (isNum(a) && isArr(b)) return each(b, function (x) { return a * x; });
            fail('cannot multiply ' + kind(a) + ' by ' + kind(b));
          }
          function div(a, b) {
            if (isNum(a) && isNum(b)) return a / b;
            if (isArr(a) && isNum(b)) return each(a, function (x) { return x / b; });
            if (isNum(a) && isArr(b)) return each(b, function (x) { return a / x; });
            fail('cannot divide ' + kind(a) + ' by ' + kind(b));
          }
          function mod(a, b) {
            if (typeof a === 'string') a = parseInt(a, 10);
            if (typeof b === 'string') b = parseInt(b, 10);
            return a % b;
          }
          function neg(a) {
            if (isNum(a)) return -a;
            if (isArr(a)) return each(a, function (x) { return -x; });
            return a;
          }
          function kind(v) {
            if (v === undefined) return 'undefined';
            if (v === null) return 'null';
            if (isNum(v)) return 'a number';
            if (isArr(v)) return 'an array';
            return typeof v === 'string' ? 'a string' : typeof v === 'function' ? 'a function' : 'an object';
          }
          function length(a, b) {
            if (isNum(a)) return Math.abs(a - (b === undefined ? 0 : b));
            var s = 0, i, n = b === undefined ? a.length : Math.min(a.length, b.length);
            for (i = 0; i < n; i++) { var d = a[i] - (b === undefined ? 0 : b[i]); s += d * d; }
            return Math.sqrt(s);
          }
          function normalize(v) { return div(v, length(v)); }
          function dot(a, b) { var s = 0, i; for (i = 0; i < Math.min(a.length, b.length); i++) s += a[i] * b[i]; return s; }
          function cross(a, b) {
            var a2 = a[2] || 0, b2 = b[2] || 0;
            return [a[1] * b2 - a2 * b[1], a2 * b[0] - a[0] * b2, a[0] * b[1] - a[1] * b[0]];
          }
          function clamp(v, lo, hi) {
            if (isArr(v)) return each(v, function (x, i) { return clamp(x, isArr(lo) ? lo[i] : lo, isArr(hi) ? hi[i] : hi); });
            if (lo > hi) { var t = lo; lo = hi; hi = t; }
            return Math.min(Math.max(v, lo), hi);
          }

          // Interpolation: linear and After Effects' ease curves (cubic Béziers from (0, 0) to (1, 1)).
          function bezier(x1, y1, x2, y2) {
            function at(u, a, b) { var v = 1 - u; return 3 * v * v * u * a + 3 * v * u * u * b + u * u * u; }
            return function (x) {
              if (x <= 0) return 0;
              if (x >= 1) return 1;
              var lo = 0, hi = 1, u = x, k;
              for (k = 0; k < 48; k++) {
                var bx = at(u, x1, x2);
                if (Math.abs(bx - x) < 1e-9) break;
                if (bx < x) lo = u; else hi = u;
                u = (lo + hi) / 2;
              }
              return at(u, y1, y2);
            };
          }
          function interpolator(curve) {
            return function (t, tMin, tMax, v1, v2) {
              if (arguments.length <= 3) { v1 = tMin; v2 = tMax; tMin = 0; tMax = 1; }
              var p = tMax === tMin ? (t < tMin ? 0 : 1) : (t - tMin) / (tMax - tMin);
              p = curve(p < 0 ? 0 : p > 1 ? 1 : p);
              if (isArr(v1)) return each(v1, function (a, i) { var b = isArr(v2) ? v2[i] : v2; return a + (b - a) * p; });
              return v1 + (v2 - v1) * p;
            };
          }

          // Seeded numbers: a hash of the property's seed, the offset seedRandom gives, and the frame.
          function mix(h) {
            h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
            h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
            return (h ^ (h >>> 16)) >>> 0;
          }
          function hash(a, b, c, d) { return mix(mix(mix(mix(a ^ 0x9e3779b9) ^ b) ^ c) ^ d); }
          function reseed() {
            rngState = hash(D.seed, rngOffset, rngTimeless ? 0x7fffffff : Math.round(frameNow * 1000) | 0, 0x5eed);
          }
          function next() {
            rngState = (rngState + 0x6d2b79f5) >>> 0;
            var t = rngState;
            t = Math.imul(t ^ (t >>> 15), t | 1);
            t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
            return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
          }
          function ranged(draw, a, b) {
            var lo = 0, hi = 1;
            if (a !== undefined && b === undefined) { hi = a; lo = isArr(a) ? each(a, function () { return 0; }) : 0; }
            else if (a !== undefined) { lo = a; hi = b; }
            if (isArr(hi)) return each(hi, function (h, i) { var l = isArr(lo) ? lo[i] : lo; return l + draw() * (h - l); });
            return lo + draw() * (hi - lo);
          }
          function gauss() {
            var u = next() || 1e-12, v = next();
            return 0.5 + 0.304 * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
          }
          // Smooth noise in [-1, 1]: values at whole x from the hash, eased between.
          function noise1(dimension, octave, x) {
            var i = Math.floor(x), f = x - i;
            var a = hash(D.seed, dimension, octave, i | 0) / 2147483648 - 1;
            var b = hash(D.seed, dimension, octave, (i + 1) | 0) / 2147483648 - 1;
            var s = f * f * (3 - 2 * f);
            return a + (b - a) * s;
          }

          // This property.
          function valueAtTime(t) { return $bm_native(-1, 0, Number(t) * fr); }
          function velocityAtTime(t) {
            var h = 0.001;
            return div(sub(valueAtTime(t + h), valueAtTime(t - h)), 2 * h);
          }
          function speedAtTime(t) { return length(velocityAtTime(t)); }
          function key(n) {
            n = Math.floor(Number(n));
            if (!(n >= 1 && n <= D.keys.length)) fail('key(' + n + '): the property has ' + D.keys.length + ' keyframes');
            var v = D.keys[n - 1][1];
            return { time: D.keys[n - 1][0], value: isArr(v) ? copy(v) : v, index: n };
          }
          function nearestKey(t) {
            if (!D.keys.length) fail('nearestKey: the property has no keyframes');
            var best = 0, i;
            for (i = 1; i < D.keys.length; i++) if (Math.abs(D.keys[i][0] - t) < Math.abs(D.keys[best][0] - t)) best = i;
            return key(best + 1);
          }
          function wrap(x, p) { return ((x % p) + p) % p; }
          // loopOut / loopIn: cycle, pingpong, offset, continue, over the last (first) n keyframes' span or a duration.
          function loop(out, type, amount, isDuration) {
            type = type === undefined ? 'cycle' : String(type).toLowerCase();
            if (type !== 'cycle' && type !== 'pingpong' && type !== 'offset' && type !== 'continue') {
              fail('loop type "' + type + '" is not cycle, pingpong, offset or continue');
            }
            var keys = D.keys, count = keys.length, t = G.time;
            if (count < 2) return G.value;
            var first = keys[0][0], last = keys[count - 1][0], start, end;
            amount = Number(amount) || 0;
            if (out) {
              if (t <= last) return G.value;
              end = last;
              start = isDuration ? (amount > 0 ? last - amount : first)
                                 : (amount > 0 && amount < count ? keys[count - 1 - Math.floor(amount)][0] : first);
              if (type === 'continue') {
                var h = 0.001, v = valueAtTime(end);
                return sum(v, mul(div(sub(v, valueAtTime(end - h)), h), t - end));
              }
            } else {
              if (t >= first) return G.value;
              start = first;
              end = isDuration ? (amount > 0 ? first + amount : last)
                               : (amount > 0 && amount < count ? keys[Math.floor(amount)][0] : last);
              if (type === 'continue') {
                var h2 = 0.001, v2 = valueAtTime(start);
                return sum(v2, mul(div(sub(valueAtTime(start + h2), v2), h2), t - start));
              }
            }
            var period = end - start;
            if (!(period > 0)) return G.value;
            var phase, laps;
            if (out) {
              laps = Math.floor((t - start) / period);
              phase = wrap(t - start, period);
              if (type === 'cycle') return valueAtTime(start + phase);
              if (type === 'pingpong') return valueAtTime(laps % 2 ? end - phase : start + phase);
              return sum(valueAtTime(start + phase), mul(sub(valueAtTime(end), valueAtTime(start)), laps));
            }
            laps = Math.floor((end - t) / period);
            phase = wrap(end - t, period);
            if (type === 'cycle') return valueAtTime(end - phase);
            if (type === 'pingpong') return valueAtTime(laps % 2 ? start + phase : end - phase);
            return sub(valueAtTime(end - phase), mul(sub(valueAtTime(end), valueAtTime(start)), laps));
          }
          function wiggle(freq, amp, octaves, ampMult, t) {
            freq = Number(freq) || 0;
            octaves = octaves === undefined ? 1 : Math.max(1, Math.min(16, Math.floor(Number(octaves)) || 1));
            ampMult = ampMult === undefined ? 0.5 : Number(ampMult);
            var at = t === undefined ? G.time : Number(t);
            var base = t === undefined ? G.value : valueAtTime(at);
            var list = isArr(base) ? base : [base], out = [], d, o;
            for (d = 0; d < list.length; d++) {
              var n = 0, a = 1, f = freq;
              for (o = 0; o < octaves; o++) { n += a * noise1(d, o, at * f); a *= ampMult; f *= 2; }
              out.push(list[d] + (isArr(amp) ? amp[d] : Number(amp)) * n);
            }
            return isArr(base) ? out : out[0];
          }
          function smooth(width, samples, t) {
            width = width === undefined ? 0.2 : Number(width);
            samples = samples === undefined ? 5 : Math.max(1, Math.min(64, Math.floor(Number(samples)) || 1));
            t = t === undefined ? G.time : Number(t);
            var total = 0, k;
            for (k = 0; k < samples; k++) {
              var at = samples === 1 ? t : t - width / 2 + width * k / (samples - 1);
              total = k === 0 ? valueAtTime(at) : sum(total, valueAtTime(at));
            }
            return div(total, samples);
          }

          // Layers of this composition, and their transforms.
          function notEvaluated(name) { return function () { fail(name + '() is not evaluated by Strata'); }; }
          function layerProperty(i, id, t) {
            var v = $bm_native(i, id, t * fr);
            if (v === undefined) fail('layer ' + D.layers[i].name + ' has no such property');
            if (isArr(v)) v.valueAtTime = function (u) { return layerProperty(i, id, Number(u)); };
            return v;
          }
          // Effect controls (sliders, angles, colours, points, checkboxes): effect(name | index)(param name | index).
          function effectValue(i, e, p, t) {
            var v = $bm_native(i, 1000 * (e + 1) + p, t * fr);
            if (v === undefined) fail('effect ' + D.layers[i].effects[e].name + ' has no value ' + (p + 1));
            var out = isArr(v) ? v : new Number(v);
            out.value = isArr(v) ? copy(v) : v;
            out.valueAtTime = function (u) { return effectValue(i, e, p, Number(u)); };
            return out;
          }
          function effectOf(i, which) {
            var list = D.layers[i].effects, e = -1, j;
            if (isNum(which)) e = Math.floor(Number(which)) - 1;
            else for (j = 0; j < list.length && e < 0; j++) if (list[j].name === String(which)) e = j;
            if (!(e >= 0 && e < list.length)) fail('effect(' + which + '): layer ' + D.layers[i].name + ' has no such effect');
            var control = function (param) {
              var params = list[e].params, p = -1, k;
              if (param === undefined) p = 0;
              else if (isNum(param)) p = Math.floor(Number(param)) - 1;
              else for (k = 0; k < params.length && p < 0; k++) if (params[k] === String(param)) p = k;
              if (!(p >= 0 && p < params.length)) fail('effect ' + list[e].name + ' has no control ' + param);
              return effectValue(i, e, p, G.time);
            };
            control.param = control;
            return control;
          }
          function Transform(i) { this.$i = i; }
          Transform.prototype = {
            get anchorPoint() { return layerProperty(this.$i, 1, G.time); },
            get position() { return layerProperty(this.$i, 2, G.time); },
            get scale() { return layerProperty(this.$i, 3, G.time); },
            get rotation() { return layerProperty(this.$i, 4, G.time); },
            get opacity() { return layerProperty(this.$i, 5, G.time); }
          };
          function Layer(i) {
            var L = D.layers[i];
            this.$i = i;
            this.name = L.name;
            this.index = L.index;
            this.inPoint = L.inPoint;
            this.outPoint = L.outPoint;
            this.startTime = L.startTime;
            this.width = L.width;
            this.height = L.height;
            this.hasParent = L.parent >= 0;
            this.enabled = true;
          }
          Layer.prototype = {
            get parent() { return this.hasParent ? layers[D.layers[this.$i].parent] : fail('layer ' + this.name + ' has no parent'); },
            get transform() { return new Transform(this.$i); },
            get anchorPoint() { return layerProperty(this.$i, 1, G.time); },
            get position() { return layerProperty(this.$i, 2, G.time); },
            get scale() { return layerProperty(this.$i, 3, G.time); },
            get rotation() { return layerProperty(this.$i, 4, G.time); },
            get opacity() { return layerProperty(this.$i, 5, G.time); },
            effect: function (which) { return effectOf(this.$i, which); },
            content: notEvaluated('content'), mask: notEvaluated('mask'),
            toComp: notEvaluated('toComp'), fromComp: notEvaluated('fromComp'), toWorld: notEvaluated('toWorld'),
            fromWorld: notEvaluated('fromWorld'), sourceRectAtTime: notEvaluated('sourceRectAtTime')
          };
          var layers = [], thisComp = null;

          function setup(data) {
            if (D) fail('set up twice');
            D = data;
            fr = D.frameRate;
            maxSteps = D.maxSteps;
            var i;
            for (i = 0; i < D.layers.length; i++) layers.push(new Layer(i));
            thisComp = {
              name: D.comp.name, width: D.comp.width, height: D.comp.height, duration: D.comp.duration,
              frameDuration: 1 / fr, numLayers: D.layers.length, displayStartTime: 0,
              layer: function (which) {
                var j;
                if (isNum(which)) {
                  for (j = 0; j < D.layers.length; j++) if (D.layers[j].index === Number(which)) return layers[j];
                } else {
                  for (j = 0; j < D.layers.length; j++) if (D.layers[j].name === String(which)) return layers[j];
                }
                fail('thisComp.layer(' + which + '): no such layer');
              }
            };
            constants();
          }

          // What a frame changes is set before each frame; the rest once. A global that reads live and was
          // assigned to (which makes it a plain variable) reads live again from the next frame on.
          var live = {}, assigned = false;
          function accessor(name, get) {
            live[name] = get;
            Object.defineProperty(G, name, {
              get: get, set: function (v) { assigned = true; setGlobal(name, v); }, enumerable: false, configurable: true
            });
          }
          function constants() {
            var self = layers[D.layer];
            setGlobal('thisComp', thisComp);
            setGlobal('thisLayer', self);
            setGlobal('index', self.index);
            setGlobal('name', self.name);
            setGlobal('inPoint', self.inPoint);
            setGlobal('outPoint', self.outPoint);
            setGlobal('startTime', self.startTime);
            setGlobal('width', self.width);
            setGlobal('height', self.height);
            setGlobal('hasParent', self.hasParent);
            setGlobal('numKeys', D.keys.length);
            accessor('parent', function () { return self.parent; });
            accessor('transform', function () { return self.transform; });
            accessor('anchorPoint', function () { return self.anchorPoint; });
            accessor('position', function () { return self.position; });
            accessor('scale', function () { return self.scale; });
            accessor('rotation', function () { return self.rotation; });
            accessor('opacity', function () { return self.opacity; });
            accessor('velocity', function () { return velocityAtTime(G.time); });
            accessor('speed', function () { return speedAtTime(G.time); });
            setGlobal('thisProperty', {
              get value() { return G.value; }, valueAtTime: valueAtTime, velocityAtTime: velocityAtTime,
              speedAtTime: speedAtTime, key: key, nearestKey: nearestKey, numKeys: D.keys.length,
              loopOut: G.loopOut, loopIn: G.loopIn, loopOutDuration: G.loopOutDuration, loopInDuration: G.loopInDuration,
              wiggle: wiggle, smooth: smooth
            });
          }
          function begin(frame) {
            frameNow = Number(frame);
            rngOffset = 0;
            rngTimeless = false;
            reseed();
            if (assigned) {
              assigned = false;
              var name;
              for (name in live) accessor(name, live[name]);
            }
            G.time = frameNow / fr;
            G.value = $bm_native(-1, 0, frameNow);
            G.$bm_rt = undefined;
          }
          function end(completion) {
            var r = G.$bm_rt !== undefined ? G.$bm_rt : completion, out, i, x;
            if (isNum(r)) {
              out = Number(r);
              if (!isFinite(out)) fail('the value is not finite');
              return out;
            }
            if (!isArr(r)) fail('the value is ' + kind(r) + ', not a number or an array of numbers');
            if (r.length > $NUMBERS) fail('the value is an array of ' + r.length + ' numbers');
            out = [];
            for (i = 0; i < r.length; i++) {
              x = r[i];
              if (!isNum(x)) fail('the value is an array holding ' + kind(x));
              x = Number(x);
              if (!isFinite(x)) fail('the value is not finite');
              out[i] = x;
            }
            return out;
          }

          define('$bm_setup', setup);
          define('$bm_begin', begin);
          define('$bm_end', end);
          var globals = {
            sum: sum, add: sum, sub: sub, mul: mul, div: div, mod: mod,
            $bm_sum: sum, $bm_add: sum, $bm_sub: sub, $bm_mul: mul, $bm_div: div, $bm_mod: mod, $bm_neg: neg,
            $bm_isInstanceOfArray: isArr,
            length: length, normalize: normalize, dot: dot, cross: cross, clamp: clamp,
            degreesToRadians: function (d) { return d * Math.PI / 180; },
            radiansToDegrees: function (r) { return r * 180 / Math.PI; },
            degrees_to_radians: function (d) { return d * Math.PI / 180; },
            radians_to_degrees: function (r) { return r * 180 / Math.PI; },
            linear: interpolator(function (p) { return p; }),
            ease: interpolator(bezier(0.33, 0, 0.667, 1)),
            easeIn: interpolator(bezier(0.333, 0, 0.833, 0.833)),
            easeOut: interpolator(bezier(0.167, 0.167, 0.667, 1)),
            random: function (a, b) { return ranged(next, a, b); },
            gaussRandom: function (a, b) { return ranged(gauss, a, b); },
            seedRandom: function (offset, timeless) {
              rngOffset = Math.floor(Number(offset) || 0) | 0;
              rngTimeless = !!timeless;
              reseed();
            },
            noise: function (v) { return noise1(0, 0, isArr(v) ? v[0] + 1.7 * (v[1] || 0) + 2.3 * (v[2] || 0) : Number(v)); },
            valueAtTime: valueAtTime, velocityAtTime: velocityAtTime, speedAtTime: speedAtTime,
            key: key, nearestKey: nearestKey, wiggle: wiggle, smooth: smooth,
            loopOut: function (type, n) { return loop(true, type, n, false); },
            loopIn: function (type, n) { return loop(false, type, n, false); },
            loopOutDuration: function (type, d) { return loop(true, type, d, true); },
            loopInDuration: function (type, d) { return loop(false, type, d, true); },
            posterizeTime: function (fps) {
              fps = Number(fps);
              if (fps > 0) { setGlobal('time', Math.floor(G.time * fps) / fps); setGlobal('value', valueAtTime(G.time)); }
              return G.time;
            },
            framesToTime: function (frames, fps) { return frames / (fps === undefined ? fr : fps); },
            timeToFrames: function (t, fps) { return (t === undefined ? G.time : t) * (fps === undefined ? fr : fps); },
            comp: function (name) { return String(name) === thisComp.name ? thisComp : fail('comp(' + name + '): no such composition'); },
            effect: function (which) { return effectOf(D.layer, which); },
            content: notEvaluated('content'), mask: notEvaluated('mask'),
            toComp: notEvaluated('toComp'), fromComp: notEvaluated('fromComp'), toWorld: notEvaluated('toWorld'),
            fromWorld: notEvaluated('fromWorld'), lookAt: notEvaluated('lookAt'), createPath: notEvaluated('createPath'),
            footage: notEvaluated('footage')
          };
          globals.loop_out = globals.loopOut;
          globals.loop_in = globals.loopIn;
          var name;
          for (name in globals) setGlobal(name, globals[name]);

          // What could run unbounded or unseeded is closed: code made from strings skips the step counting,
          // regular expressions backtrack without bound, and Math.random would differ each import.
          var refuse = function () { fail('not available in expressions'); };
          // Before `Function` itself is replaced: every function reaches the real constructor through its prototype.
          Object.defineProperty(Function.prototype, 'constructor', { value: refuse, writable: false, configurable: false });
          define('eval', refuse);
          define('Function', refuse);
          define('RegExp', refuse);
          String.prototype.match = refuse;
          String.prototype.search = refuse;
          try { delete G.Duktape; } catch (e) { G.Duktape = undefined; }
          Math.random = next;
          var limit = $LIMIT;
          ['concat', 'join', 'toString', 'toLocaleString', 'reverse', 'shift', 'unshift', 'slice', 'splice', 'sort',
           'indexOf', 'lastIndexOf', 'every', 'some', 'forEach', 'map', 'filter', 'reduce', 'reduceRight'
          ].forEach(function (method) {
            var original = Array.prototype[method];
            if (typeof original !== 'function') return;
            Object.defineProperty(Array.prototype, method, {
              value: function () {
                var i;
                if (this !== null && this !== undefined && Object(this).length > limit) fail('arrays longer than ' + limit + ' are not handled');
                for (i = 0; i < arguments.length; i++) {
                  if (arguments[i] instanceof Array && arguments[i].length > limit) fail('arrays longer than ' + limit + ' are not handled');
                }
                return original.apply(this, arguments);
              },
              writable: false, enumerable: false, configurable: false
            });
          });
        })(this);
        """#.replacingOccurrences(of: "$LIMIT", with: String(maximumArrayLength))
        .replacingOccurrences(of: "$NUMBERS", with: String(LottieScript.maximumNumbers))
}
