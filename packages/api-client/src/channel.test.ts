import { describe, expect, it } from 'vitest';
import { detectChannel } from './channel.ts';

const UA = {
  wechatBrowserAndroid:
    'Mozilla/5.0 (Linux; Android 13; V2183A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.141 Mobile Safari/537.36 XWEB/5023 MMWEBSDK/20230202 MMWEBID/2590 MicroMessenger/8.0.33.2320(0x2800213D) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  wechatBrowserIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.34(0x18002231) NetType/WIFI Language/zh_CN',
  wechatMiniProgramAndroid:
    'Mozilla/5.0 (Linux; Android 12; M2102J2SC Build/SKQ1.211006.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.141 Mobile Safari/537.36 XWEB/5023 MMWEBSDK/20230202 MMWEBID/8812 MicroMessenger/8.0.33.2320(0x2800213D) WeChat/arm64 Weixin NetType/4G Language/zh_CN ABI/arm64 miniProgram/wx1234567890abcdef',
  alipayMiniProgram:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Ariver/1.1.0 AliApp(AP/10.3.30.6000) Nebula WK RVKType(1) AlipayDefined(nt:WIFI,ws:390|844|3.0) AlipayClient/10.3.30.6000 Language/zh-Hans Region/CN NebulaX/1.0.0 MiniProgram APXWebView',
  alipayBrowser:
    'Mozilla/5.0 (Linux; U; Android 12; zh-CN; PEHM00 Build/SKQ1.210216.001) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/69.0.3497.100 UWS/3.22.2.46 Mobile Safari/537.36 AlipayChannelId/5136 UCBS/3.22.2.46_230117195427 NebulaSDK/1.8.100112 Nebula AlipayDefined(nt:WIFI,ws:393|0|2.75) AliApp(AP/10.3.40.8000) AlipayClient/10.3.40.8000 Language/zh-Hans useStatusBar/true isConcaveScreen/true Region/CNAriver/1.0.0',
  safariIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36',
};

describe('detectChannel', () => {
  it('detects the WeChat browser on Android and iOS', () => {
    expect(detectChannel(UA.wechatBrowserAndroid)).toBe('WECHAT_BROWSER');
    expect(detectChannel(UA.wechatBrowserIos)).toBe('WECHAT_BROWSER');
  });

  it('detects the WeChat mini-program from the UA', () => {
    expect(detectChannel(UA.wechatMiniProgramAndroid)).toBe('WECHAT_MINI_PROGRAM');
  });

  it('detects the WeChat mini-program from __wxjs_environment when the UA lacks miniProgram (older iOS)', () => {
    expect(detectChannel(UA.wechatBrowserIos, 'miniprogram')).toBe('WECHAT_MINI_PROGRAM');
    expect(detectChannel(UA.wechatBrowserIos, 'browser')).toBe('WECHAT_BROWSER');
  });

  it('detects the Alipay mini-program web-view', () => {
    expect(detectChannel(UA.alipayMiniProgram)).toBe('ALIPAY_MINI_PROGRAM');
  });

  it('treats the Alipay app browser outside a mini-program as an ordinary browser', () => {
    expect(detectChannel(UA.alipayBrowser)).toBeNull();
  });

  it('returns null for Safari and Chrome mobile', () => {
    expect(detectChannel(UA.safariIos)).toBeNull();
    expect(detectChannel(UA.chromeAndroid)).toBeNull();
    expect(detectChannel('')).toBeNull();
  });

  it('ignores __wxjs_environment outside WeChat', () => {
    expect(detectChannel(UA.safariIos, 'miniprogram')).toBeNull();
  });
});
