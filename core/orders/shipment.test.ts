import { describe, expect, it } from "vitest";
import { shipmentSchema } from "../forms/shipment-form.ts";
import { carrierDisplayName, trackingInfo, trackingUrl } from "./shipment.ts";

describe("trackingUrl", () => {
  it("builds each known carrier's tracking page", () => {
    expect(trackingUrl("usps", "9400111899223")).toBe(
      "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223",
    );
    expect(trackingUrl("ups", "1Z999AA10123456784")).toBe(
      "https://www.ups.com/track?tracknum=1Z999AA10123456784",
    );
    expect(trackingUrl("fedex", "123456789012")).toBe(
      "https://www.fedex.com/fedextrack/?trknbr=123456789012",
    );
    expect(trackingUrl("dhl", "1234567890")).toBe(
      "https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890",
    );
  });

  it("URL-encodes the number and gives no link for another carrier", () => {
    expect(trackingUrl("ups", "a&b=c d")).toBe("https://www.ups.com/track?tracknum=a%26b%3Dc%20d");
    expect(trackingUrl("other", "ABC123456")).toBeNull();
  });
});

describe("shipmentSchema", () => {
  const parse = (input: Record<string, string>) => shipmentSchema.safeParse(input);

  it("accepts a trimmed 6–40 letter-or-digit number and drops a known carrier's free name", () => {
    expect(parse({ carrier: "ups", carrierName: "ignored", trackingNumber: "  1Z999AA1  " }).data).toEqual({
      carrier: "ups",
      carrierName: null,
      trackingNumber: "1Z999AA1",
    });
  });

  it.each([
    ["too short", "AB123"],
    ["too long", "A".repeat(41)],
    ["a space inside", "1Z 999AA10"],
    ["punctuation", "1Z-999-AA10"],
    ["a URL", "https://evil.example/x"],
  ])("refuses a number with %s", (_, trackingNumber) => {
    const result = parse({ carrier: "fedex", trackingNumber });
    expect(result.error?.issues[0]).toMatchObject({
      path: ["trackingNumber"],
      message: "Tracking number must be 6–40 letters or digits, without spaces",
    });
  });

  it("needs a carrier, and a name for Other", () => {
    expect(parse({ carrier: "pigeon", trackingNumber: "ABC123456" }).error?.issues[0]?.message).toBe(
      "Choose a carrier",
    );
    expect(parse({ carrier: "other", trackingNumber: "ABC123456" }).error?.issues[0]).toMatchObject({
      path: ["carrierName"],
      message: "Enter the carrier's name",
    });
    expect(
      parse({ carrier: "other", carrierName: " Royal Mail ", trackingNumber: "ABC123456" }).data,
    ).toEqual({
      carrier: "other",
      carrierName: "Royal Mail",
      trackingNumber: "ABC123456",
    });
  });
});

describe("trackingInfo", () => {
  it("is null until an order has a carrier and number", () => {
    expect(trackingInfo({ carrier: null, carrierName: null, trackingNumber: null })).toBeNull();
    expect(trackingInfo({ carrier: "ups", carrierName: null, trackingNumber: null })).toBeNull();
  });

  it("names the carrier and links known ones", () => {
    expect(trackingInfo({ carrier: "dhl", carrierName: null, trackingNumber: "JD0123456" })).toEqual({
      carrier: "DHL",
      trackingNumber: "JD0123456",
      url: "https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=JD0123456",
    });
    expect(carrierDisplayName("other", "Royal Mail")).toBe("Royal Mail");
  });
});
